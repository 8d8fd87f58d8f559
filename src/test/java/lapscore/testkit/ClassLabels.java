package lapscore.testkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** Class labels for test rows, so that the classes interleave rather than come in runs. */
public final class ClassLabels {

    private ClassLabels() {
    }

    /**
     * The codes 0, 1, ... of classes of {@code classSizes[c]} rows each, in an order shuffled by
     * {@code random} ({@link Collections#shuffle(List, Random)}); {@code random} is left where the
     * shuffle leaves it, for the caller to draw the rows from. O(m) for m rows.
     */
    public static int[] shuffled(int[] classSizes, Random random) {
        List<Integer> classes = new ArrayList<>();
        for (int c = 0; c < classSizes.length; c++) {
            for (int i = 0; i < classSizes[c]; i++) {
                classes.add(c);
            }
        }
        Collections.shuffle(classes, random);
        return classes.stream().mapToInt(Integer::intValue).toArray();
    }
}
