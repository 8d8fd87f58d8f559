package lapscore.job.files;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;

/**
 * Refuses a CSV input of several files whose first lines differ when the files have a header: Spark
 * reads every file with the header of one (its {@code CSVHeaderChecker} only logs a warning), so a
 * folder of unrelated tables is read as one table under the wrong column names, or fails with a
 * message that names neither file; a file split without repeating its header loses its first data
 * row. The first non-blank line of every CSV file is read once on the driver (through Hadoop's
 * codecs for compressed files).
 */
final class CsvHeaders {

    private CsvHeaders() {
    }

    /**
     * Throws {@link IllegalArgumentException} naming two CSV files of {@code path} whose first lines
     * differ, if there are such: the first file by path and the first whose line differs from it.
     */
    static void requireOneHeader(String path, Configuration conf) {
        List<FileStatus> files = StrayFiles.visibleFiles(path, conf).stream()
                .filter(file -> StrayFiles.isCsvName(file.getPath().getName()))
                .sorted(Comparator.comparing(file -> file.getPath().toString())).toList();
        if (files.size() < 2) {
            return;
        }
        Map<String, String> fileOfHeader = new LinkedHashMap<>();
        CompressionCodecFactory codecs = new CompressionCodecFactory(conf);
        for (FileStatus file : files) {
            firstLine(file, conf, codecs).ifPresent(line -> fileOfHeader.putIfAbsent(line, file.getPath().getName()));
            if (fileOfHeader.size() > 1) {
                break;
            }
        }
        if (fileOfHeader.size() < 2) {
            return;
        }
        List<Map.Entry<String, String>> two = List.copyOf(fileOfHeader.entrySet());
        throw new IllegalArgumentException("--input: '" + path + "' holds CSV files whose first lines differ: " + described(two.get(0))
                + " and " + described(two.get(1)) + "; every file's first line is read as its header, and Spark reads all of them"
                + " with one, so give the files of one table, each starting with the same header");
    }

    /** "'name' (N columns: a, b, c, ...)". */
    private static String described(Map.Entry<String, String> header) {
        String[] cells = header.getKey().split(",", -1);
        String shown = cells.length <= 3 ? header.getKey() : String.join(",", List.of(cells).subList(0, 3)) + ",...";
        return "'" + header.getValue() + "' (" + cells.length + " column" + (cells.length == 1 ? "" : "s") + ": " + shown + ")";
    }

    /** The first non-blank line of {@code file}, empty when it has none or cannot be read (reading it then says why). */
    private static Optional<String> firstLine(FileStatus file, Configuration conf, CompressionCodecFactory codecs) {
        List<String> lines = firstLines(file, 1, conf, codecs);
        return lines.isEmpty() ? Optional.empty() : Optional.of(lines.get(0).strip());
    }

    /**
     * The first {@code count} non-blank lines of {@code file}, decompressed by the codec its name
     * calls for; fewer when it has fewer, none when it cannot be read (reading it then says why).
     */
    static List<String> firstLines(FileStatus file, int count, Configuration conf, CompressionCodecFactory codecs) {
        List<String> first = new ArrayList<>();
        try {
            FileSystem fs = file.getPath().getFileSystem(conf);
            CompressionCodec codec = codecs.getCodec(file.getPath());
            try (InputStream raw = fs.open(file.getPath());
                 InputStream in = codec == null ? raw : codec.createInputStream(raw);
                 BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null && first.size() < count; line = lines.readLine()) {
                    if (!line.isBlank()) {
                        first.add(line);
                    }
                }
            }
        } catch (IOException unread) {
            return List.of();
        }
        return first;
    }
}
