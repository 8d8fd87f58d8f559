package lapscore.testkit;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;

import org.apache.spark.Dependency;
import org.apache.spark.ShuffleDependency;
import org.apache.spark.rdd.RDD;

import scala.jdk.javaapi.CollectionConverters;

/**
 * What an RDD's lineage still refers to: Spark deletes a shuffle's files only once no RDD the driver
 * keeps refers to it, so a cached result whose lineage holds every step's shuffle keeps them all on disk.
 */
public final class Lineage {

    private Lineage() {
    }

    /** The shuffles in the lineage of {@code rdd}, each counted once, found by walking its dependencies. */
    public static int shufflesBehind(RDD<?> rdd) {
        Set<Integer> shuffles = new HashSet<>();
        Set<Integer> seen = new HashSet<>();
        Deque<RDD<?>> toVisit = new ArrayDeque<>();
        toVisit.push(rdd);
        while (!toVisit.isEmpty()) {
            RDD<?> next = toVisit.pop();
            if (!seen.add(next.id())) {
                continue;
            }
            for (Dependency<?> dependency : CollectionConverters.asJava(next.dependencies())) {
                if (dependency instanceof ShuffleDependency<?, ?, ?> shuffle) {
                    shuffles.add(shuffle.shuffleId());
                }
                toVisit.push(dependency.rdd());
            }
        }
        return shuffles.size();
    }
}
