package lapscore.job.files;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.VersionInfo;

/**
 * Refuses, before anything is read, a path whose scheme no file system on the class path serves,
 * saying what to do: Spark reads paths through Hadoop's file systems, found by scheme ({@code s3a://}
 * is Hadoop's {@code hadoop-aws} module, which Spark does not ship), and {@code http(s)://} is not
 * a file system Spark can list and read.
 */
public final class FileSystemSchemes {

    /** The Hadoop module, by scheme, of the cloud stores whose file systems Spark does not ship. */
    private static final Map<String, String> MODULES = Map.of("s3a", "hadoop-aws", "s3", "hadoop-aws", "s3n", "hadoop-aws",
            "abfs", "hadoop-azure", "abfss", "hadoop-azure", "wasb", "hadoop-azure", "wasbs", "hadoop-azure");

    private FileSystemSchemes() {
    }

    /**
     * Throws {@link IllegalArgumentException} naming {@code flag} when {@code path} (as the user wrote
     * it) has a scheme that {@code conf} maps to no file system on the class path, or is a web address.
     */
    public static void require(String flag, String path, Configuration conf) {
        String scheme = new Path(path).toUri().getScheme();
        if (scheme == null) {
            return;
        }
        String lower = scheme.toLowerCase(Locale.ROOT);
        if (lower.equals("http") || lower.equals("https")) {
            throw new IllegalArgumentException(flag + ": '" + path + "' is a web address, and " + lower + " is not a file system"
                    + " Spark reads; download the file first (e.g. curl -O) and give its local path");
        }
        try {
            FileSystem.getFileSystemClass(scheme, conf);
        } catch (IOException | RuntimeException missing) {
            String module = MODULES.get(lower);
            throw new IllegalArgumentException(flag + ": no file system for " + scheme + ":// paths is on the class path; "
                    + (module == null ? "give a local or hdfs:// path, or add the Hadoop module that serves " + scheme + "://"
                    : "add Hadoop's " + module + " module of the Hadoop version Spark runs on (spark-submit --packages"
                    + " org.apache.hadoop:" + module + ":" + VersionInfo.getVersion() + ")"));
        }
    }
}
