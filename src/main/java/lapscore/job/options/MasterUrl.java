package lapscore.job.options;

import java.util.regex.Pattern;

/**
 * The {@code --master} option, which every command takes: its declaration ({@link #OPTION}) and the
 * check of its value before Spark starts: Spark refuses a master it cannot parse
 * only while it builds its context, with a stack trace and exit code 1. The forms are Spark's own:
 * {@code local}, {@code local[N]} and {@code local[*]} (optionally {@code ,F} task retries),
 * {@code local-cluster[W,C,M]}, {@code spark://HOST:PORT} (several comma-separated for a standby
 * master), {@code yarn} and {@code k8s://URL}.
 */
public final class MasterUrl {

    private static final Pattern KNOWN = Pattern.compile("local"
            + "|local\\[([1-9]\\d*|\\*)(\\s*,\\s*[1-9]\\d*)?]"
            + "|local-cluster\\[\\s*[1-9]\\d*\\s*,\\s*[1-9]\\d*\\s*,\\s*[1-9]\\d*\\s*]"
            + "|spark://[^\\s,/]+:\\d+(,[^\\s,/]+:\\d+)*"
            + "|yarn"
            + "|k8s://\\S+");

    /** The {@code --master} option of every command, default {@code local[*]} (every core of this machine). */
    public static final CommandOption.Spec OPTION = new CommandOption.Spec("--master", "URL", "local[*]",
            "Spark master when not run by spark-submit");

    private MasterUrl() {
    }

    /** {@code url} when it is a master Spark accepts, else an {@link IllegalArgumentException} naming {@code flag} and the forms. */
    public static String require(String flag, String url) {
        if (!KNOWN.matcher(url).matches()) {
            throw new IllegalArgumentException(flag + " '" + url + "' is not a Spark master; use local, local[N], local[*],"
                    + " spark://HOST:PORT, yarn or k8s://https://HOST:PORT");
        }
        return url;
    }

    /**
     * Whether {@code url} runs the executor inside the driver's JVM: {@code local}, {@code local[N]}
     * or {@code local[N,F]}; not {@code local-cluster}, whose executors are JVMs of their own.
     */
    public static boolean runsTasksInThisJvm(String url) {
        return url.equals("local") || url.startsWith("local[");
    }
}
