package lapscore.job.outputs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Set;

import org.apache.hadoop.fs.Path;

/**
 * The file a qualified path reaches, for comparing paths by what they are rather than how they are
 * spelt. On the local file system that is the real path (the deepest existing ancestor resolved
 * through every symbolic link by {@code toRealPath()}, the rest appended) together with the file
 * key (device and inode) of the path when it exists and of every existing folder above it, so that
 * a hard link or a bind mount of the same folder is recognised too. On any other file system it is
 * the qualified path itself, and no keys.
 *
 * @param path          the real path ({@code file:} scheme) or the qualified path
 * @param fileKey       the file key of the path, null when it does not exist or the file system has none
 * @param enclosingKeys the file keys of the existing folders that hold the path
 */
record ReachedPath(Path path, Object fileKey, Set<Object> enclosingKeys) {

    /** Where the qualified {@code qualified} leads. */
    static ReachedPath of(Path qualified) throws IOException {
        if (!OutputPaths.isLocal(qualified)) {
            return new ReachedPath(qualified, null, Set.of());
        }
        java.nio.file.Path absolute = OutputPaths.local(qualified);
        java.nio.file.Path existing = absolute;
        while (!Files.exists(existing)) {
            existing = existing.getParent();
        }
        java.nio.file.Path realExisting = existing.toRealPath();
        java.nio.file.Path real = realExisting.resolve(existing.relativize(absolute)).normalize();
        Set<Object> enclosing = new HashSet<>();
        for (java.nio.file.Path folder = real.equals(realExisting) ? realExisting.getParent() : realExisting; folder != null;
             folder = folder.getParent()) {
            enclosing.add(key(folder));
        }
        Object fileKey = real.equals(realExisting) ? key(realExisting) : null;
        return new ReachedPath(new Path(real.toUri()), fileKey, enclosing);
    }

    /** Whether both reach the same file: the same real path, or the same file key. */
    boolean sameAs(ReachedPath other) {
        return path.equals(other.path) || fileKey != null && fileKey.equals(other.fileKey);
    }

    /** Whether this lies strictly inside the folder {@code outer}, by path or by the keys of the folders above it. */
    boolean inside(ReachedPath outer) {
        for (Path parent = path.getParent(); parent != null; parent = parent.getParent()) {
            if (parent.equals(outer.path)) {
                return true;
            }
        }
        return outer.fileKey != null && enclosingKeys.contains(outer.fileKey);
    }

    private static Object key(java.nio.file.Path path) throws IOException {
        return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
    }
}
