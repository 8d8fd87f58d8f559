package lapscore.job;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.SparkSession;

/** Runs {@code lapscore fit} in the test session and checks that its errors read as the user sees them. */
final class JobRuns {

    static final SparkSession SPARK = SparkTestSession.spark();

    private JobRuns() {
    }

    /** What {@code fit} with {@code args} prints. */
    static String printed(String... args) throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        FitCommand.run(SPARK, args, new PrintStream(printed, true, StandardCharsets.UTF_8));
        return printed.toString(StandardCharsets.UTF_8);
    }

    /**
     * The message {@code fit} with {@code args} fails with, checked to be what {@code lapscore: <message>}
     * may show: one line, no stack trace, no Java or Spark class, no internal column name.
     */
    static String error(String... args) {
        String message = assertThrows(IllegalArgumentException.class, () -> printed(args)).getMessage();
        assertFalse(message.contains("\n"), "one line: " + message);
        for (String internal : new String[]{"Exception", "\tat ", "org.apache", "io.github", "lapscore_", "SQLSTATE"}) {
            assertFalse(message.contains(internal), "'" + internal + "' in: " + message);
        }
        return message;
    }
}
