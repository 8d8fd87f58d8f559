package io.github.lapscore.job;

import static org.apache.spark.sql.functions.col;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.github.lapscore.graph.WeightedGraph;
import io.github.lapscore.selection.LaplacianScoreSelector;
import io.github.lapscore.selection.LaplacianScoreSelectorModel;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * {@code lapscore fit --input PATH [options]}: ranks the features of a data set by Laplacian Score.
 * Run it with {@code bin/lapscore} (local mode) or {@code spark-submit --class
 * io.github.lapscore.job.LapScoreJob <jar> fit ...}. {@code --help} lists every option.
 */
public final class LapScoreJob {

    private LapScoreJob() {
    }

    public static void main(String[] args) {
        String command = args.length == 0 ? "--help" : args[0];
        String[] options = Arrays.copyOfRange(args, Math.min(1, args.length), args.length);
        switch (command) {
            case "fit" -> run("fit", JobOption.class, List.of(JobOption.INPUT), JobOption.usage(), JobOption.MASTER, options,
                    (spark, arguments, out) -> fit(spark, arguments, out));
            case "generate" -> run("generate", GenerateOption.class, List.of(GenerateOption.OUTPUT), GenerateOption.usage(),
                    GenerateOption.MASTER, options, GenerateCommand::run);
            case "bench" -> run("bench", BenchOption.class, List.of(), BenchOption.usage(), BenchOption.MASTER, options,
                    BenchCommand::run);
            case "--help", "-h", "help" -> System.out.print(COMMANDS);
            default -> {
                System.err.println("lapscore: unknown command '" + command + "'\n\n" + COMMANDS);
                System.exit(2);
            }
        }
    }

    private static final String COMMANDS = """
            Usage: lapscore COMMAND [options]    (lapscore COMMAND --help lists a command's options)

            Commands:
              fit        rank the features of a data set by Laplacian Score
              generate   write a Gaussian mixture with known informative features
              bench      time exact, approximate and LSH graphs on generated data
            """;

    /** One command's work on a session with its parsed options. */
    @FunctionalInterface
    private interface Command<E extends Enum<E> & CommandOption> {
        void run(SparkSession spark, JobArguments<E> arguments, PrintStream out) throws IOException;
    }

    private static <E extends Enum<E> & CommandOption> void run(String name, Class<E> type, List<E> required, String usage,
                                                               E master, String[] options, Command<E> command) {
        if (Arrays.asList(options).contains("--help")) {
            System.out.print(usage);
            return;
        }
        JobArguments<E> arguments;
        try {
            arguments = JobArguments.parse(type, options, required);
        } catch (IllegalArgumentException bad) {
            System.err.println("lapscore: " + bad.getMessage());
            System.exit(2);
            return;
        }
        SparkSession spark = session("lapscore " + name, arguments, master);
        try {
            command.run(spark, arguments, System.out);
        } catch (IllegalArgumentException bad) {
            System.err.println("lapscore: " + bad.getMessage());
            spark.stop();
            System.exit(2);
        } catch (IOException failed) {
            System.err.println("lapscore: cannot write output: " + failed.getMessage());
            spark.stop();
            System.exit(1);
        }
        spark.stop();
    }

    /** Uses spark-submit's master when there is one, else {@code --master} (default local[*]). */
    private static <E extends Enum<E> & CommandOption> SparkSession session(String name, JobArguments<E> arguments, E master) {
        SparkSession.Builder builder = SparkSession.builder().appName(name);
        if (arguments.given(master) || System.getProperty("spark.master") == null) {
            builder.master(arguments.text(master));
        }
        SparkSession spark = builder.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        return spark;
    }

    /** Runs {@code fit} with already parsed {@code args} ({@code --input ...}, no command word) on {@code spark}. */
    static LaplacianScoreSelectorModel fit(SparkSession spark, String[] args, PrintStream out) throws IOException {
        return fit(spark, JobArguments.parse(JobOption.class, args, List.of(JobOption.INPUT)), out);
    }

    private static LaplacianScoreSelectorModel fit(SparkSession spark, JobArguments<JobOption> args, PrintStream out) throws IOException {
        InputTable input = InputTable.load(spark, args);
        LaplacianScoreSelector selector = selector(args, input);
        WeightedGraph graph = selector.buildGraph(input.data());
        LaplacianScoreSelectorModel model;
        try {
            model = selector.fitGraph(graph);
            if (args.given(JobOption.EDGES_OUT)) {
                graph.edges().write().mode(SaveMode.Overwrite).option("header", true).csv(args.text(JobOption.EDGES_OUT));
            }
        } finally {
            graph.unpersist();
        }
        ScoresReport report = new ScoresReport(model, input.featureNames(model.numFeatures()));
        report.print(out);
        if (args.given(JobOption.SCORES_OUT)) {
            report.writeCsv(Path.of(args.text(JobOption.SCORES_OUT)));
        }
        if (args.given(JobOption.OUTPUT)) {
            writeReducedData(input, model, args.text(JobOption.OUTPUT));
        }
        if (args.given(JobOption.MODEL_OUT)) {
            model.write().overwrite().save(args.text(JobOption.MODEL_OUT));
        }
        return model;
    }

    private static LaplacianScoreSelector selector(JobArguments<JobOption> args, InputTable input) {
        LaplacianScoreSelector selector = new LaplacianScoreSelector()
                .setFeaturesCol(input.vectorColumn())
                .setOutputCol("lapscore_selected")
                .setNumNeighbors(args.integer(JobOption.K))
                .setWeightKernel(args.text(JobOption.KERNEL))
                .setDistanceMeasure(args.text(JobOption.DISTANCE))
                .setKnnMethod(args.text(JobOption.KNN))
                .setNumTrees(args.integer(JobOption.TREES))
                .setLeafSize(args.integer(JobOption.LEAF_SIZE))
                .setRefinementRounds(args.integer(JobOption.REFINEMENT_ROUNDS))
                .setRecallSampleSize(args.integer(JobOption.RECALL_SAMPLE))
                .setBlockSize(args.integer(JobOption.BLOCK_SIZE))
                .setVarianceWeighting(args.text(JobOption.VARIANCE))
                .setIncludeSelfLoops(args.flag(JobOption.SELF_LOOPS))
                .setSelectionMode(args.text(JobOption.SELECT))
                .setNumTopFeatures(args.integer(JobOption.NUM_FEATURES))
                .setPercentile(args.number(JobOption.PERCENTILE));
        if (args.given(JobOption.BANDWIDTH)) {
            selector.setBandwidth(args.number(JobOption.BANDWIDTH));
        }
        if (args.given(JobOption.THRESHOLD)) {
            selector.setScoreThreshold(args.number(JobOption.THRESHOLD));
        }
        if (args.given(JobOption.SEED)) {
            selector.setSeed(args.longInteger(JobOption.SEED));
        }
        return selector;
    }

    /** The label and the selected feature columns (or the sliced vector when the input was a vector column). */
    private static void writeReducedData(InputTable input, LaplacianScoreSelectorModel model, String path) {
        List<Column> columns = new ArrayList<>();
        if (input.labelColumn() != null) {
            columns.add(col(input.labelColumn()));
        }
        if (input.fromColumns()) {
            for (int feature : model.selectedFeatures()) {
                columns.add(col(input.featureColumns().get(feature)));
            }
            input.data().select(columns.toArray(Column[]::new)).write().mode(SaveMode.Overwrite).parquet(path);
        } else {
            columns.add(col(model.getOutputCol()).as(input.vectorColumn()));
            model.transform(input.data()).select(columns.toArray(Column[]::new)).write().mode(SaveMode.Overwrite).parquet(path);
        }
    }
}
