package lapscore.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The salts of {@link RowHash}: one per stream, negative, and shared only by the one documented pair. */
class RowHashTest {

    @Test
    void everyStreamHasItsOwnNegativeSaltBarTheDocumentedPair() throws IllegalAccessException {
        Map<Integer, String> owners = new HashMap<>();
        int declared = 0;
        for (Field field : RowHash.class.getDeclaredFields()) {
            if (field.getType() == int.class && Modifier.isStatic(field.getModifiers())) {
                int salt = field.getInt(null);
                assertTrue(salt < 0, field.getName() + " must be negative so that it never meets a tree index or node: " + salt);
                String other = owners.put(salt, field.getName());
                if (other != null) {
                    assertEquals(List.of("DESCENT_ROUNDS", "RECALL_SAMPLE"),
                            List.of(other, field.getName()).stream().sorted().toList(), "salt " + salt + " shared");
                }
                declared++;
            }
        }
        assertEquals(6, declared, "the streams of RowHash");
        assertEquals(5, owners.size(), "distinct salts");
    }
}
