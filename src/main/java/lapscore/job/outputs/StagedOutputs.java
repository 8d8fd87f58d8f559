package lapscore.job.outputs;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/**
 * Writes the outputs that {@link OutputPaths#check} let through, so that a reader never sees half an
 * output and nothing appears in place that the checks did not allow. Each output is written to a
 * hidden sibling ({@code .<name>.lapscore-<random>} in the same folder) and renamed into place once
 * complete ({@link #write}); a folder output first gets its {@link OutputPaths#MARKER}. The rename
 * refuses an existing destination (on the local file system {@link Files#move} without
 * {@code REPLACE_EXISTING}, elsewhere {@link FileContext#rename} with {@link Options.Rename#NONE}):
 * a path that appeared while the command ran is left as it is and the command fails, unless
 * {@code --overwrite} was given and the path may be replaced by the rules of
 * {@link OutputPaths#replaceRefusal}, checked again at that moment; then the old path is moved
 * aside, the new one renamed in, and the old one deleted. What was staged and not published is
 * deleted when writing or publishing fails, and by an {@link Interruption}. Files this class writes
 * get no Hadoop checksum ({@code .crc}) files.
 */
public final class StagedOutputs {

    /** What writes one output at the staged path it is given (a Hadoop path, qualified). */
    @FunctionalInterface
    public interface Writing {
        void to(String stagedPath) throws IOException;
    }

    private static final List<Consumer<Path>> BEFORE_PUBLISH = new CopyOnWriteArrayList<>();

    /** One output and the hidden sibling it is being written to (null before it is staged). */
    private static final class Staged {
        private final OutputPaths.Output output;
        private Path path;

        private Staged(OutputPaths.Output output) {
            this.output = output;
        }
    }

    private final Configuration conf;
    private final boolean overwrite;
    private final Map<String, Staged> byFlag = new LinkedHashMap<>();

    StagedOutputs(Configuration conf, boolean overwrite, List<OutputPaths.Output> outputs) {
        this.conf = conf;
        this.overwrite = overwrite;
        outputs.forEach(output -> byFlag.put(output.flag(), new Staged(output)));
    }

    /**
     * Adds {@code listener}, told each output's path just before it is renamed into place (outside
     * any lock, on the writing thread): a seam for tests of what happens at that moment.
     */
    public static void addBeforePublishListener(Consumer<Path> listener) {
        BEFORE_PUBLISH.add(listener);
    }

    /** Removes a listener added by {@link #addBeforePublishListener}. */
    public static void removeBeforePublishListener(Consumer<Path> listener) {
        BEFORE_PUBLISH.remove(listener);
    }

    /**
     * Writes the output of option {@code flag}: {@code writing} writes it at a hidden sibling, which
     * is then renamed into place, and {@code Wrote <what> to <path>} is printed on {@code out}. A file
     * output that {@code writing} made a folder (Spark writes folders) must hold exactly one
     * {@code part-} file, which becomes the output.
     *
     * @throws IllegalArgumentException when the path appeared meanwhile and may not be replaced
     * @throws IOException              when writing or renaming fails
     */
    public void write(String flag, String what, Writing writing, PrintStream out) throws IOException {
        Staged staged = byFlag.get(flag);
        Path target = staged.output.path();
        synchronized (Interruption.LOCK) {
            requireNotInterrupted();
            target.getFileSystem(conf).mkdirs(target.getParent());
            staged.path = sibling(target, "lapscore");
            Interruption.track(this);
        }
        try {
            Path written = staged.path;
            writing.to(written.toString());
            FileSystem fs = rawFileSystem(target);
            if (staged.output.file() && fs.getFileStatus(written).isDirectory()) {
                keepOnlyPart(staged, written, fs);
            }
            BEFORE_PUBLISH.forEach(listener -> listener.accept(target));
            synchronized (Interruption.LOCK) {
                requireNotInterrupted();
                if (!staged.output.file()) {
                    writeMarker(staged.path, fs);
                }
                publish(staged, fs);
                staged.path = null;
            }
        } finally {
            discard().forEach(left -> System.err.println("lapscore: could not remove the unfinished output " + left));
            Interruption.untrack(this);
        }
        out.println("Wrote " + what + " to " + staged.output.given());
    }

    /** A new file at {@code stagedPath} (a staged output or a file inside one), without a checksum file. */
    public OutputStream create(String stagedPath) throws IOException {
        Path path = new Path(stagedPath);
        return rawFileSystem(path).create(path, false);
    }

    /** Writes {@code content} as a new file at {@code stagedPath}, as {@link #create} does. */
    public void writeFile(String stagedPath, byte[] content) throws IOException {
        try (OutputStream stream = create(stagedPath)) {
            stream.write(content);
        }
    }

    /** Deletes every output staged and not published; returns those that could not be deleted. */
    List<Path> discard() {
        List<Path> left = new ArrayList<>();
        synchronized (Interruption.LOCK) {
            for (Staged staged : byFlag.values()) {
                try {
                    if (staged.path != null && !rawFileSystem(staged.path).delete(staged.path, true)
                            && status(staged.path, conf) != null) {
                        left.add(staged.path);
                    }
                } catch (IOException undeletable) {
                    left.add(staged.path);
                }
                staged.path = null;
            }
        }
        return left;
    }

    /** The status of {@code path}, or null when it does not exist. */
    static FileStatus status(Path path, Configuration conf) throws IOException {
        FileSystem fs = path.getFileSystem(conf);
        return fs.exists(path) ? fs.getFileStatus(path) : null;
    }

    private static void requireNotInterrupted() throws InterruptedIOException {
        if (Interruption.happened()) {
            throw new InterruptedIOException("interrupted");
        }
    }

    /** Renames the complete staged output into place, by the rules of this class. */
    private void publish(Staged staged, FileSystem fs) throws IOException {
        OutputPaths.Output output = staged.output;
        FileStatus existing = status(output.path(), conf);
        if (existing == null) {
            renameIntoPlace(staged.path, output);
            return;
        }
        if (OutputPaths.replaceRefusal(output, existing, overwrite, conf) != null) {
            throw new IllegalArgumentException(appeared(output));
        }
        Path aside = sibling(output.path(), "lapscore-old");
        rename(output.path(), aside);
        try {
            renameIntoPlace(staged.path, output);
        } catch (IOException | IllegalArgumentException failed) {
            rename(aside, output.path());
            throw failed;
        }
        fs.delete(aside, true);
    }

    private void renameIntoPlace(Path staged, OutputPaths.Output output) throws IOException {
        try {
            rename(staged, output.path());
        } catch (java.nio.file.FileAlreadyExistsException | org.apache.hadoop.fs.FileAlreadyExistsException taken) {
            throw new IllegalArgumentException(appeared(output));
        }
    }

    private static String appeared(OutputPaths.Output output) {
        return output.flag() + " '" + output.given() + "' was created or changed while lapscore ran (another run?) and was"
                + " left as it is; this run's output was not written there: choose another path";
    }

    /** Renames {@code from} to {@code to}, refusing an existing {@code to}. */
    private void rename(Path from, Path to) throws IOException {
        if (OutputPaths.isLocal(to)) {
            Files.move(OutputPaths.local(from), OutputPaths.local(to));
        } else {
            FileContext.getFileContext(to.toUri(), conf).rename(from, to, Options.Rename.NONE);
        }
    }

    /** Makes the single {@code part-} file of the staged folder the staged output. */
    private void keepOnlyPart(Staged staged, Path folder, FileSystem fs) throws IOException {
        FileStatus[] parts = fs.listStatus(folder, path -> path.getName().startsWith("part-"));
        if (parts.length != 1) {
            throw new IOException(staged.output.flag() + ": expected one part file in " + folder + ", found " + parts.length);
        }
        synchronized (Interruption.LOCK) {
            requireNotInterrupted();
            Path file = sibling(staged.output.path(), "lapscore");
            fs.rename(parts[0].getPath(), file);
            staged.path = file;
            fs.delete(folder, true);
        }
    }

    /** Writes the {@link OutputPaths#MARKER} listing the staged folder's entries. */
    private static void writeMarker(Path folder, FileSystem fs) throws IOException {
        StringBuilder text = new StringBuilder(OutputPaths.MARKER_HEADING).append('\n');
        Arrays.stream(fs.listStatus(folder)).forEach(entry -> text.append(entry.getPath().getName()).append('\n'));
        try (OutputStream stream = fs.create(new Path(folder, OutputPaths.MARKER), false)) {
            stream.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    /** A hidden sibling of {@code target} not used before: {@code .<name>.<kind>-<random>}. */
    private static Path sibling(Path target, String kind) {
        return new Path(target.getParent(), "." + target.getName() + "." + kind + "-" + UUID.randomUUID().toString().substring(0, 8));
    }

    /** The file system of {@code path} without Hadoop's checksum files. */
    private FileSystem rawFileSystem(Path path) throws IOException {
        FileSystem fs = path.getFileSystem(conf);
        return fs instanceof ChecksumFileSystem checksummed ? checksummed.getRawFileSystem() : fs;
    }
}
