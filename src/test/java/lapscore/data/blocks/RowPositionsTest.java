package lapscore.data.blocks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RowPositionsTest {

    /**
     * Every id is found at its position and every other id in and around the span is not, checked
     * against a plain map, for ids from consecutive (the table over the span) to spread over a
     * thousand times their number (the hash table, where probes wrap around its end).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 64, 1000})
    void findsEveryIdAndNothingElse(int spread) {
        Random random = new Random(spread);
        long first = 1L << 33;
        long[] ids = LongStream.iterate(first, id -> id + 1 + random.nextInt(spread)).limit(500).toArray();
        Map<Long, Integer> expected = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            expected.put(ids[i], i);
        }
        RowPositions positions = new RowPositions(ids);
        for (long id = first - 3; id <= ids[ids.length - 1] + 3; id++) {
            assertEquals(expected.getOrDefault(id, -1), positions.of(id), "id " + id);
        }
        assertEquals(-1, positions.of(-first));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void handlesNoneAndOneId(int count) {
        long[] ids = LongStream.range(7, 7 + count).toArray();
        RowPositions positions = new RowPositions(ids);
        assertEquals(count == 1 ? 0 : -1, positions.of(7));
        assertEquals(-1, positions.of(8));
    }
}
