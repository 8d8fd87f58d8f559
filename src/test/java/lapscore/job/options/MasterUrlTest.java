package lapscore.job.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The masters the job accepts, and which of them run the tasks in the job's own JVM. */
class MasterUrlTest {

    @Test
    void localMastersRunTheTasksInThisJvmAndClustersDoNot() {
        for (String local : new String[]{"local", "local[2]", "local[*]", "local[2,4]"}) {
            assertEquals(local, MasterUrl.require("--master", local));
            assertTrue(MasterUrl.runsTasksInThisJvm(local), local);
        }
        for (String cluster : new String[]{"local-cluster[3,1,1024]", "spark://127.0.0.1:7077", "yarn", "k8s://https://h:6443"}) {
            assertEquals(cluster, MasterUrl.require("--master", cluster));
            assertFalse(MasterUrl.runsTasksInThisJvm(cluster), cluster);
        }
        assertFalse(MasterUrl.runsTasksInThisJvm(""), "spark-submit gave no master");
    }

    @Test
    void anUnknownMasterIsRefusedWithTheForms() {
        String message = assertThrows(IllegalArgumentException.class, () -> MasterUrl.require("--master", "locale")).getMessage();
        assertEquals("--master 'locale' is not a Spark master; use local, local[N], local[*], spark://HOST:PORT, yarn or"
                + " k8s://https://HOST:PORT", message);
    }
}
