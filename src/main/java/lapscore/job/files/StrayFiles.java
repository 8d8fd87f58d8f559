package lapscore.job.files;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Refuses a CSV input directory (or glob) that holds, besides its CSV files, a file of another kind
 * such as {@code notes.txt}: Spark reads every file of a directory as CSV, so the stray file's lines
 * become rows and the failure, if any, names neither the file nor the fix. A CSV file is one named
 * {@code .csv} (perhaps compressed: {@code .csv.gz}, ...) or without an extension (Hadoop's
 * {@code part-00000}); a stray file has another extension. Spark's hidden files ({@code _SUCCESS},
 * names from {@code .} or {@code _}) are not read and not counted. A directory or glob of stray files
 * only is taken as the user's choice ({@code --format csv} on {@code .txt} files) and read.
 */
final class StrayFiles {

    /** Extensions of Hadoop's compression codecs, which Spark reads through transparently. */
    private static final Set<String> COMPRESSED = Set.of("gz", "bz2", "deflate", "lz4", "snappy", "zst");

    private StrayFiles() {
    }

    /** Throws {@link IllegalArgumentException} naming the first stray file of the CSV input {@code path}, if there is one. */
    static void refuseAmongCsv(String path, Configuration conf) {
        List<String> csv = new ArrayList<>();
        List<String> stray = new ArrayList<>();
        for (FileStatus file : visibleFiles(path, conf)) {
            String name = file.getPath().getName();
            (isCsvName(name) ? csv : stray).add(name);
        }
        if (csv.isEmpty() || stray.isEmpty()) {
            return;
        }
        boolean glob = path.matches(".*[*?\\[{].*");
        String named = "'" + stray.get(0) + "'" + (stray.size() == 1 ? "" : " and " + (stray.size() - 1) + " more non-CSV file"
                + (stray.size() == 2 ? "" : "s"));
        throw new IllegalArgumentException("--input: '" + path + "' " + (glob ? "matches " : "holds ") + named + " besides its"
                + " CSV files, and Spark would read " + (stray.size() == 1 ? "it" : "them") + " as CSV rows too; "
                + (glob ? "narrow the glob to the CSV files (e.g. *.csv)" : "move " + (stray.size() == 1 ? "it" : "them")
                + " out, or give a glob of the CSV files such as '" + path.replaceAll("/+$", "") + "/*.csv'"));
    }

    /** Whether {@code name} is that of a CSV file: extension csv, perhaps compressed, or no extension at all. */
    static boolean isCsvName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        int dot = lower.lastIndexOf('.');
        if (dot > 0 && COMPRESSED.contains(lower.substring(dot + 1))) {
            lower = lower.substring(0, dot);
            dot = lower.lastIndexOf('.');
        }
        return dot <= 0 || lower.substring(dot + 1).equals("csv");
    }

    /**
     * The files Spark reads for {@code path}: those it names or matches, and the top-level files of the
     * directories among them, without hidden ones. Empty when the path cannot be listed (reading it
     * then says why).
     */
    static List<FileStatus> visibleFiles(String path, Configuration conf) {
        List<FileStatus> files = new ArrayList<>();
        try {
            Path given = new Path(path);
            FileSystem fs = given.getFileSystem(conf);
            FileStatus[] matched = fs.globStatus(given);
            for (FileStatus status : matched == null ? new FileStatus[0] : matched) {
                for (FileStatus file : status.isDirectory() ? fs.listStatus(status.getPath()) : new FileStatus[]{status}) {
                    String name = file.getPath().getName();
                    if (file.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
                        files.add(file);
                    }
                }
            }
        } catch (IOException unlisted) {
            return List.of();
        }
        return files;
    }
}
