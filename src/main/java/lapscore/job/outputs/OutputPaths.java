package lapscore.job.outputs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import lapscore.job.files.FileSystemSchemes;
import lapscore.job.files.JobErrors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsAction;

/**
 * Checks the output paths of one command before the input is read, so that nothing a user owns is
 * destroyed, and hands them to {@link StagedOutputs}, which writes them. The rules:
 * <ul>
 *   <li>Paths are compared by the files they reach ({@link ReachedPath}: real paths and file keys
 *       on the local file system, fully qualified paths on any other), so {@code out}, {@code ./out/},
 *       {@code file:/.../out} and a link to {@code out} are one path. An output that is the input,
 *       holds it or lies inside an input folder is refused, even with {@code --overwrite}, as are two
 *       outputs that are one path or one inside the other.</li>
 *   <li>An output path that is itself a symbolic link is refused: what it reaches is not the user's
 *       to replace by naming the link.</li>
 *   <li>An output is never the working directory, a folder above it, or the home directory.</li>
 *   <li>The deepest existing folder on the way to each output must be a folder that can be written.</li>
 *   <li>An existing path is used only when it is an empty folder (for a folder output) or, with
 *       {@code --overwrite}, when it may be replaced ({@link #replaceRefusal}): a plain file for a
 *       file output, or for a folder output an earlier output of this tool, recognised by the
 *       {@link #MARKER} file the tool writes into each folder output, listing that folder's entries
 *       (a folder holding anything not listed is not replaced).</li>
 * </ul>
 * Messages name the paths as the user wrote them.
 */
public final class OutputPaths {

    /**
     * The file written into every folder output, listing the folder's other entries one per line: it
     * marks the folder as an earlier output that {@code --overwrite} may replace. Spark and Spark ML
     * skip names starting with an underscore when they read a folder.
     */
    public static final String MARKER = "_written_by_lapscore";

    /** The first line of the {@link #MARKER} file. */
    static final String MARKER_HEADING = "# Written by lapscore; --overwrite may replace this folder. Its entries:";

    /** One output: its option, the path as given, the path qualified, and whether it is a single file. */
    record Output(String flag, String given, Path path, boolean file) {
    }

    private final Configuration conf;
    private final boolean overwrite;
    private final List<Output> outputs = new ArrayList<>();

    /** Outputs checked against {@code conf}; {@code overwrite} allows replacing earlier outputs and plain files. */
    public OutputPaths(Configuration conf, boolean overwrite) {
        this.conf = conf;
        this.overwrite = overwrite;
    }

    /** Adds the folder written by option {@code flag} at {@code path}, as the user wrote it. */
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
     * Throws {@link IllegalArgumentException} with a one-line message when an output breaks one of
     * the rules of this class; otherwise returns the outputs, ready to be written. {@code input} is
     * null when the command has none, and may be a glob, whose fixed leading part is used.
     */
    public StagedOutputs check(String input) {
        List<ReachedPath> reached = new ArrayList<>();
        for (Output output : outputs) {
            reached.add(reach(output.flag(), output.path()));
            requireNotProtected(output, reached.get(reached.size() - 1));
        }
        for (int i = 0; i < outputs.size(); i++) {
            for (int j = 0; j < i; j++) {
                requireApart(outputs.get(i), reached.get(i), outputs.get(j), reached.get(j));
            }
        }
        if (input != null) {
            Path exact = qualify("--input", input);
            Path root = withoutGlob(exact);
            ReachedPath inputRoot = reach("--input", root);
            boolean directory = !root.equals(exact) || isDirectory(root);
            for (int i = 0; i < outputs.size(); i++) {
                requireApartFromInput(outputs.get(i), reached.get(i), input, inputRoot, directory);
            }
        }
        for (Output output : outputs) {
            requireNotALink(output);
            requireWritableFolder(output);
            String refusal = replaceRefusal(output, status(output.flag(), output.path()), overwrite, conf);
            if (refusal != null) {
                throw new IllegalArgumentException(refusal);
            }
        }
        return new StagedOutputs(conf, overwrite, outputs);
    }

    private static void requireApart(Output output, ReachedPath reached, Output other, ReachedPath otherReached) {
        if (reached.sameAs(otherReached) || reached.inside(otherReached) || otherReached.inside(reached)) {
            throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' and " + other.flag() + " '" + other.given()
                    + "' are the same path or one is inside the other; give them separate paths");
        }
    }

    private static void requireApartFromInput(Output output, ReachedPath reached, String input, ReachedPath root,
                                              boolean directory) {
        if (reached.sameAs(root) || root.inside(reached)) {
            throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' is or holds the input '" + input
                    + "', which writing there would delete (even with --overwrite); choose another path");
        }
        if (directory && reached.inside(root)) {
            throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' lies inside the input directory '" + input
                    + "', which would then read it as input (even with --overwrite); choose a path outside it");
        }
    }

    private static void requireNotALink(Output output) {
        if (isLocal(output.path()) && Files.isSymbolicLink(local(output.path()))) {
            throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' is a symbolic link; lapscore does not"
                    + " write through links, so give the path itself");
        }
    }

    /** Refuses the working directory, a folder above it, and the home directory, on the output's file system. */
    private void requireNotProtected(Output output, ReachedPath reached) {
        try {
            FileSystem fs = output.path().getFileSystem(conf);
            ReachedPath working = ReachedPath.of(fs.makeQualified(fs.getWorkingDirectory()));
            if (reached.sameAs(working) || working.inside(reached)) {
                throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' is the working directory or a folder"
                        + " that holds it, which lapscore never writes over; give the path of a new folder inside it, e.g. 'out'");
            }
            if (reached.sameAs(ReachedPath.of(fs.makeQualified(fs.getHomeDirectory())))) {
                throw new IllegalArgumentException(output.flag() + " '" + output.given() + "' is your home directory, which"
                        + " lapscore never writes over; give the path of a new folder inside it");
            }
        } catch (IOException unreadable) {
            throw cannotCheck(output.flag(), output.path(), unreadable);
        }
    }

    /**
     * The deepest existing folder on the way to the output must be a folder in which a file can be
     * created: on the local file system a hidden probe file is created there and deleted (permission
     * bits alone do not say it, e.g. for root or {@code /proc}); elsewhere the file system's
     * permission check is asked.
     */
    private void requireWritableFolder(Output output) {
        Path folder = output.path().getParent();
        FileStatus status = folder == null ? null : status(output.flag(), folder);
        while (folder != null && status == null) {
            folder = folder.getParent();
            status = folder == null ? null : status(output.flag(), folder);
        }
        if (status == null) {
            return;
        }
        String where = output.flag() + " '" + output.given() + "'";
        if (!status.isDirectory()) {
            throw new IllegalArgumentException(where + " cannot be created: '" + Path.getPathWithoutSchemeAndAuthority(folder)
                    + "' is a file, not a folder; choose a path in a folder");
        }
        try {
            if (isLocal(folder)) {
                Files.delete(Files.createTempFile(local(folder), ".lapscore-probe-", ""));
            } else {
                folder.getFileSystem(conf).access(folder, FsAction.WRITE);
            }
        } catch (IOException | UnsupportedOperationException refused) {
            throw new IllegalArgumentException(where + " cannot be written: nothing can be created in '"
                    + Path.getPathWithoutSchemeAndAuthority(folder) + "'; choose a path in a folder you can write to");
        }
    }

    /**
     * Null when the existing path {@code path} of {@code output} (whose status is {@code existing},
     * null when it does not exist) may be used, else the one-line reason why not: a file output
     * replaces only a plain file and only with {@code overwrite}; a folder output uses an empty
     * folder, and with {@code overwrite} replaces an earlier output of this tool.
     */
    static String replaceRefusal(Output output, FileStatus existing, boolean overwrite, Configuration conf) {
        if (existing == null) {
            return null;
        }
        String named = output.flag() + " '" + output.given() + "'";
        if (output.file()) {
            if (existing.isDirectory()) {
                return named + " is a directory; give the path of a file";
            }
            if (!existing.isFile()) {
                return named + " is not a plain file, which lapscore never replaces; choose another path";
            }
            return overwrite ? null : named + " already exists; choose another path or pass --overwrite to replace it";
        }
        if (!existing.isDirectory()) {
            return named + " is a file, and " + output.flag() + " writes a folder; choose another path";
        }
        FileStatus[] entries = list(output, conf);
        if (entries.length == 0) {
            return null;
        }
        if (!overwrite) {
            return named + " already exists; choose another path or pass --overwrite to replace it";
        }
        return isEarlierOutput(output, entries, conf) ? null : named + " is a folder that lapscore did not write (it has no "
                + MARKER + " listing all it holds), which --overwrite never replaces; empty it or choose another path";
    }

    /** Whether the folder holds the {@link #MARKER} and nothing that the marker does not list. */
    private static boolean isEarlierOutput(Output output, FileStatus[] entries, Configuration conf) {
        Path marker = new Path(output.path(), MARKER);
        Set<String> listed = new HashSet<>();
        try (InputStream stream = marker.getFileSystem(conf).open(marker)) {
            listed.addAll(Arrays.asList(new String(stream.readAllBytes(), StandardCharsets.UTF_8).split("\n")));
        } catch (IOException noMarker) {
            return false;
        }
        return Arrays.stream(entries).map(entry -> entry.getPath().getName())
                .allMatch(name -> name.equals(MARKER) || listed.contains(name));
    }

    private static FileStatus[] list(Output output, Configuration conf) {
        try {
            return output.path().getFileSystem(conf).listStatus(output.path());
        } catch (IOException unreadable) {
            throw new IllegalArgumentException(output.flag() + ": cannot list '" + output.given() + "': "
                    + JobErrors.firstLine(unreadable));
        }
    }

    /** Whether {@code path} is on the local file system, where links, real paths and file keys are looked at. */
    static boolean isLocal(Path path) {
        return "file".equals(path.toUri().getScheme());
    }

    /** The local {@code path} as a {@link java.nio.file.Path}. */
    static java.nio.file.Path local(Path path) {
        return java.nio.file.Path.of(path.toUri());
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

    private static ReachedPath reach(String flag, Path path) {
        try {
            return ReachedPath.of(path);
        } catch (IOException unreadable) {
            throw cannotCheck(flag, path, unreadable);
        }
    }

    private boolean isDirectory(Path path) {
        FileStatus status = status("--input", path);
        return status != null && status.isDirectory();
    }

    /** The status of {@code path}, or null when it does not exist. */
    private FileStatus status(String flag, Path path) {
        try {
            return StagedOutputs.status(path, conf);
        } catch (IOException unreadable) {
            throw cannotCheck(flag, path, unreadable);
        }
    }

    private static IllegalArgumentException cannotCheck(String flag, Path path, IOException unreadable) {
        return new IllegalArgumentException(flag + ": cannot check '" + path + "': " + JobErrors.firstLine(unreadable));
    }
}
