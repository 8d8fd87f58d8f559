package io.github.lapscore.job.files;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Checks the output paths of one command before any expensive work, so that nothing a user owns is
 * destroyed: an existing path that is not an empty directory is refused unless {@code --overwrite}
 * is given, and even then a path that is the input, holds the input or lies inside an input
 * directory is refused, as are two outputs that are the same path or one inside the other. Paths are
 * compared fully qualified (scheme, authority, absolute and normalised) against the session's Hadoop
 * configuration, so {@code out}, {@code ./out/} and {@code file:/.../out} are the same path. Messages
 * name the paths as the user wrote them.
 */
public final class OutputPaths {

    /** One output: its option, the path as given, the path qualified, and whether it is a single file. */
    private record Output(String flag, String given, Path path, boolean file) {
    }

    private final Configuration conf;
    private final boolean overwrite;
    private final List<Output> outputs = new ArrayList<>();

    /** Outputs checked against {@code conf}; {@code overwrite} allows replacing existing paths that the input does not need. */
    public OutputPaths(Configuration conf, boolean overwrite) {
        this.conf = conf;
        this.overwrite = overwrite;
    }

    /** Adds the directory written by option {@code flag} at {@code path}, as the user wrote it. */
    public OutputPaths directory(String flag, String path) {
        outputs.add(new Output(flag, path, qualify(flag, path), false));
        return this;
    }

    /** Adds the single file written by option {@code flag} at {@code path}, as the user wrote it. */
    public OutputPaths file(String flag, String path) {
        outputs.add(new Output(flag, path, qualify(flag, path), true));
        return this;
    }

    /**
     * Throws {@link IllegalArgumentException} with a one-line message when an output would destroy
     * the input (null when the command has none) or another output, or would replace an existing
     * path without {@code --overwrite}. The input may be a glob, whose fixed leading part is used.
     */
    public void check(String input) {
        for (int i = 0; i < outputs.size(); i++) {
            for (Output other : outputs.subList(0, i)) {
                requireApart(outputs.get(i), other);
            }
        }
        if (input != null) {
            Path exact = qualify("--input", input);
            Path root = withoutGlob(exact);
            boolean directory = !root.equals(exact) || isDirectory(root);
            outputs.forEach(output -> requireApartFromInput(output, input, root, directory));
        }
        outputs.forEach(this::requireReplaceable);
    }

    private static void requireApart(Output output, Output other) {
        if (output.path().equals(other.path()) || isInside(output.path(), other.path()) || isInside(other.path(), output.path())) {
            throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' and " + other.flag() + " '" + other.given()
                    + "' are the same path or one is inside the other; give them separate paths");
        }
    }

    private static void requireApartFromInput(Output output, String input, Path root, boolean directory) {
        if (output.path().equals(root) || isInside(root, output.path())) {
            throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' is or holds the input '" + input
                    + "', which writing there would delete (even with --overwrite); choose another path");
        }
        if (directory && isInside(output.path(), root)) {
            throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' lies inside the input directory '" + input
                    + "', which would then read it as input (even with --overwrite); choose a path outside it");
        }
    }

    private void requireReplaceable(Output output) {
        FileStatus status = status(output.flag(), output.path());
        if (status == null) {
            return;
        }
        if (output.file() && status.isDirectory()) {
            throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' is a directory; give the path of a file");
        }
        if (!overwrite && !isEmptyDirectory(output, status)) {
            throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' already exists; choose another path or"
                    + " pass --overwrite to replace it");
        }
    }

    /** Whether {@code inner} lies strictly inside {@code outer}. */
    private static boolean isInside(Path inner, Path outer) {
        for (Path parent = inner.getParent(); parent != null; parent = parent.getParent()) {
            if (parent.equals(outer)) {
                return true;
            }
        }
        return false;
    }

    /** The leading part of {@code path} without glob characters, e.g. {@code /data} of {@code /data/*.csv}. */
    private static Path withoutGlob(Path path) {
        Path fixed = path;
        for (Path step = path; step != null; step = step.getParent()) {
            if (step.getName().matches(".*[*?\\[{].*")) {
                fixed = step.getParent();
            }
        }
        return fixed;
    }

    private Path qualify(String flag, String path) {
        FileSystemSchemes.require(flag, path, conf);
        Path given = new Path(path);
        try {
            // Parsed again: normalising "dir/./" leaves a trailing slash, which parsing drops.
            return new Path(given.getFileSystem(conf).makeQualified(given).toString());
        } catch (IOException | IllegalArgumentException unusable) {
            throw new IllegalArgumentException(flag + ": cannot use the path '" + path + "': " + JobErrors.firstLine(unusable));
        }
    }

    private boolean isDirectory(Path path) {
        FileStatus status = status("--input", path);
        return status != null && status.isDirectory();
    }

    /** The status of {@code path}, or null when it does not exist. */
    private FileStatus status(String flag, Path path) {
        try {
            FileSystem fs = path.getFileSystem(conf);
            return fs.exists(path) ? fs.getFileStatus(path) : null;
        } catch (IOException unreadable) {
            throw new IllegalArgumentException(flag + ": cannot check '" + path + "': " + JobErrors.firstLine(unreadable));
        }
    }

    private boolean isEmptyDirectory(Output output, FileStatus status) {
        try {
            return status.isDirectory() && output.path().getFileSystem(conf).listStatus(output.path()).length == 0;
        } catch (IOException unreadable) {
            throw new IllegalArgumentException(output.flag() + ": cannot list '" + output.given() + "': "
                    + JobErrors.firstLine(unreadable));
        }
    }
}
