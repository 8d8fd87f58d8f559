package lapscore.job;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import lapscore.job.outputs.Interruption;
import lapscore.job.files.JobErrors;
import lapscore.job.options.BenchOption;
import lapscore.job.options.CommandOption;
import lapscore.job.options.EvaluateOption;
import lapscore.job.options.FitOption;
import lapscore.job.options.GenerateOption;
import lapscore.job.options.JobArguments;
import lapscore.job.options.MasterUrl;
import org.apache.spark.sql.SparkSession;

/**
 * The {@code lapscore} command line: {@code lapscore COMMAND [options]} with the commands
 * {@code fit} ({@link FitCommand}), {@code evaluate} ({@link EvaluateCommand}), {@code generate}
 * ({@link GenerateCommand}), {@code bench} ({@link BenchCommand}) and {@code version}. It parses the
 * command's options, starts the Spark session, runs the command and turns its errors into one line
 * and an exit status (2 for a usage or input error, 1 for an output that cannot be written).
 * Run it with {@code bin/lapscore} (local mode) or {@code spark-submit --class
 * lapscore.job.LapScoreJob <jar> fit ...}. {@code lapscore COMMAND --help} lists a command's options.
 */
public final class LapScoreJob {

    private LapScoreJob() {
    }

    /** Runs the command {@code args[0]} with the options {@code args[1..]}; exits with status 2 when no command or an unknown one is given. */
    public static void main(String[] args) {
        if (args.length == 0) {
            System.err.print("lapscore: no command given\n\n" + COMMANDS);
            System.exit(2);
            return;
        }
        String command = args[0];
        String[] options = Arrays.copyOfRange(args, 1, args.length);
        switch (command) {
            case "fit" -> run("fit", FitOption.class, List.of(FitOption.INPUT), FitOption.usage(), FitOption.MASTER, options,
                    FitCommand::checkOptions, FitCommand::run);
            case "generate" -> run("generate", GenerateOption.class, List.of(GenerateOption.OUTPUT), GenerateOption.usage(),
                    GenerateOption.MASTER, options, arguments -> { }, GenerateCommand::run);
            case "evaluate" -> run("evaluate", FitOption.class, List.of(FitOption.INPUT, FitOption.LABEL_COL), EvaluateOption.usage(),
                    FitOption.MASTER, EvaluateOption.fitOptions(options),
                    fitArguments -> EvaluateCommand.checkOptions(EvaluateOption.parse(options), fitArguments),
                    (spark, fitArguments, out) -> EvaluateCommand.run(spark, EvaluateOption.parse(options), fitArguments, out));
            case "bench" -> run("bench", BenchOption.class, List.of(), BenchOption.usage(), BenchOption.MASTER, options,
                    arguments -> { }, BenchCommand::run);
            case "--help", "-h", "help" -> System.out.print(COMMANDS);
            case "--version", "version" -> System.out.println(BuildInfo.versionLine());
            default -> {
                System.err.println("lapscore: unknown command '" + JobErrors.printable(command) + "'\n\n" + COMMANDS);
                System.exit(2);
            }
        }
    }

    /** The Spark property that chooses how data shipped between tasks is serialized. */
    private static final String SERIALIZER = "spark.serializer";
    /** The most reduce partitions for which a shuffle writes one file and one serialization stream per partition at once. */
    private static final String BYPASS_MERGE_THRESHOLD = "spark.shuffle.sort.bypassMergeThreshold";
    /** How deep into a failed task's chain of causes Spark looks for a fatal error, which makes it stop the executor's JVM. */
    private static final String KILL_ON_FATAL_ERROR_DEPTH = "spark.executor.killOnFatalError.depth";

    private static final String COMMANDS = """
            Usage: lapscore COMMAND [options]    (lapscore COMMAND --help lists a command's options)

            Commands:
              fit        rank the features of a data set by Laplacian, Fisher or LKR score
              evaluate   compare the selectors by k-means clustering and 1-NN accuracy on their best features
              generate   write a Gaussian mixture with known informative features
              bench      time exact, approximate and LSH graphs on generated data
              version    print this library's version and the Spark, Scala and Java it runs on (also --version)
            """;

    /** One command's work on a session with its parsed options. */
    @FunctionalInterface
    private interface Command<E extends Enum<E> & CommandOption> {
        void run(SparkSession spark, JobArguments<E> arguments, PrintStream out) throws IOException;
    }

    /**
     * Parses the options, refuses with {@code check} what they alone make impossible (before Spark
     * starts, so that a mistyped option costs no session), then runs {@code command} on a session.
     */
    private static <E extends Enum<E> & CommandOption> void run(String name, Class<E> type, List<E> required, String usage,
                                                               E master, String[] options, Consumer<JobArguments<E>> check,
                                                               Command<E> command) {
        if (Arrays.asList(options).contains("--help")) {
            System.out.print(usage);
            return;
        }
        JobArguments<E> arguments;
        try {
            arguments = JobArguments.parse(type, options, required);
            MasterUrl.require(master.flag(), arguments.text(master));
            check.accept(arguments);
        } catch (IllegalArgumentException bad) {
            System.err.println("lapscore: " + JobErrors.printable(bad.getMessage()));
            System.exit(2);
            return;
        }
        Interruption.watch(System.err);
        SparkSession spark = session("lapscore " + name,
                arguments.given(master) || System.getProperty("spark.master") == null ? arguments.text(master) : null);
        try {
            command.run(spark, arguments, System.out);
        } catch (IllegalArgumentException bad) {
            fail(spark, JobErrors.firstLine(bad), 2);
        } catch (IOException failed) {
            fail(spark, "cannot write output: " + JobErrors.firstLine(failed), 1);
        } catch (Exception unexpected) {
            fail(spark, JobErrors.unexpected(unexpected), 2);
        }
        Interruption.finish();
        stopSilently(spark);
    }

    /** Prints {@code lapscore: <line>}, stops Spark and exits with {@code status}; nothing once interrupted ({@link Interruption}). */
    private static void fail(SparkSession spark, String line, int status) {
        if (!Interruption.finish()) {
            return;
        }
        System.err.println("lapscore: " + JobErrors.printable(line));
        stopSilently(spark);
        System.exit(status);
    }

    /**
     * Stops Spark once the job has said all it has to say, with {@link System#err} closed to what is
     * printed without a logger: on a cluster, a reply that arrives while Spark closes its connections
     * is rejected by a pool already shut down, and Scala prints that rejection's stack trace straight
     * to standard error. Spark's own log lines (conf/log4j2.properties) still show.
     */
    private static void stopSilently(SparkSession spark) {
        System.setErr(new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
        spark.stop();
    }

    /**
     * Uses {@code master} (checked by {@link MasterUrl} before Spark starts), or spark-submit's when
     * null; and
     * Kryo for what Spark ships between tasks unless the user chose a serializer (its shuffles of rows
     * and of neighbour lists are smaller than Java serialization's; see the performance page in docs/);
     * and the sort-based shuffle writer for every shuffle unless the user chose a bypass threshold:
     * below it, each map task opens one file and one serialization stream per reduce partition at
     * once, each stream with a Kryo instance of its own, and Spark's pool keeps those instances by
     * soft references, which a busy heap clears, so the search's tasks (each shuffling to a hundred
     * or more batches) would build them again and again. In local mode, unless the user chose
     * otherwise, a task that exhausts the heap fails like any other task instead of stopping the JVM
     * ({@value #KILL_ON_FATAL_ERROR_DEPTH} set to 0): the executor is the job's own JVM, and stopping it
     * would end the job with Spark's stack trace instead of the one line that says what to change.
     */
    static SparkSession session(String name, String master) {
        SparkSession.Builder builder = SparkSession.builder().appName(name);
        if (master != null) {
            builder.master(master);
        }
        if (System.getProperty(SERIALIZER) == null) {
            builder.config(SERIALIZER, "org.apache.spark.serializer.KryoSerializer");
        }
        if (System.getProperty(BYPASS_MERGE_THRESHOLD) == null) {
            builder.config(BYPASS_MERGE_THRESHOLD, "0");
        }
        if (MasterUrl.runsTasksInThisJvm(master != null ? master : System.getProperty("spark.master", ""))
                && System.getProperty(KILL_ON_FATAL_ERROR_DEPTH) == null) {
            builder.config(KILL_ON_FATAL_ERROR_DEPTH, "0");
        }
        SparkSession spark = builder.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        return spark;
    }
}
