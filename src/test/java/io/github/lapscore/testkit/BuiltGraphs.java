package io.github.lapscore.testkit;

import io.github.lapscore.ParamOption;
import io.github.lapscore.graph.GraphBuilder;
import io.github.lapscore.graph.WeightedGraph;
import io.github.lapscore.graph.distance.DistanceMeasure;
import io.github.lapscore.graph.edges.WeightKernel;
import io.github.lapscore.graph.spec.GraphSettings;
import io.github.lapscore.graph.spec.GraphSpec;
import io.github.lapscore.progress.StageTimer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** Graphs of the test frames built through the public entry point {@link GraphBuilder}, without a selector. */
public final class BuiltGraphs {

    private BuiltGraphs() {
    }

    /** The shared settings from the param values of the selectors ("euclidean", "heat", ...). */
    public static GraphSettings settings(String measure, String kernel, double bandwidth, boolean selfLoops, int blockSize) {
        return new GraphSettings(ParamOption.parse(DistanceMeasure.class, measure), ParamOption.parse(WeightKernel.class, kernel),
                bandwidth, selfLoops, blockSize);
    }

    /** The graph of the {@code features} column of {@code frame} (labels from {@link LabeledFrames#LABEL} when the spec needs them). */
    public static WeightedGraph of(Dataset<Row> frame, GraphSpec spec) {
        return GraphBuilder.build(frame, "features", LabeledFrames.LABEL, spec,
                new StageTimer(frame.sparkSession().sparkContext(), "BuiltGraphs: "));
    }
}
