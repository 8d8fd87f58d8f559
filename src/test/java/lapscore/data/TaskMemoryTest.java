package lapscore.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A task's share of the heap Spark leaves to user data. */
class TaskMemoryTest {

    private static final long MIB = 1L << 20;

    @Test
    void aTaskGetsTheUserShareOfTheHeapAboveSparksReserveOverTheTasksOfItsExecutor() {
        assertEquals((long) ((1024 - 300) * MIB * 0.4), TaskMemory.of(1024 * MIB, 0.4, 1), "Spark's default 1 GB executor");
        assertEquals((long) ((6144 - 300) * MIB * 0.4 / 2), TaskMemory.of(6144 * MIB, 0.4, 2));
        assertEquals((long) ((6144 - 300) * MIB * 0.25 / 4), TaskMemory.of(6144 * MIB, 0.25, 4));
    }

    @Test
    void aHeapNoLargerThanTheReserveLeavesNothingAndNoTasksCountAsOne() {
        assertEquals(0, TaskMemory.of(300 * MIB, 0.4, 1));
        assertEquals(0, TaskMemory.of(100 * MIB, 0.4, 1));
        assertEquals(TaskMemory.of(2048 * MIB, 0.4, 1), TaskMemory.of(2048 * MIB, 0.4, 0));
    }
}
