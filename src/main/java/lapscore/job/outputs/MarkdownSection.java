package lapscore.job.outputs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A section of a Markdown page that a command writes, the rest of the page being the user's: the
 * lines between {@code <!-- begin:NAME -->} and {@code <!-- end:NAME -->}. The page and both lines
 * must exist before the command runs ({@link #check}); the new section is written to a file beside
 * the page and moved over it, so an interrupted write leaves the page as it was, and nothing outside
 * the markers changes.
 *
 * @param page the Markdown file, as the user named it
 * @param name the section's name in its markers
 */
public record MarkdownSection(Path page, String name) {

    /** The page and section of {@code spec}, {@code FILE} or {@code FILE#NAME}; {@code bench} when no name is given. */
    public static MarkdownSection of(String spec, String defaultName) {
        int hash = spec.lastIndexOf('#');
        return hash < 0 ? new MarkdownSection(Path.of(spec), defaultName)
                : new MarkdownSection(Path.of(spec.substring(0, hash)), spec.substring(hash + 1));
    }

    private String begin() {
        return "<!-- begin:" + name + " -->";
    }

    private String end() {
        return "<!-- end:" + name + " -->";
    }

    /**
     * Throws an {@link IllegalArgumentException} naming {@code flag} unless the page can be read and
     * written and holds the section's two markers, begin before end.
     */
    public void check(String flag) throws IOException {
        if (!Files.isRegularFile(page) || !Files.isWritable(page)) {
            throw new IllegalArgumentException(flag + " " + page + ": not a Markdown file that can be written; give an existing"
                    + " page that holds the lines " + begin() + " and " + end());
        }
        String text = Files.readString(page, StandardCharsets.UTF_8);
        int from = text.indexOf(begin());
        if (from < 0 || text.indexOf(end(), from) < 0) {
            throw new IllegalArgumentException(flag + " " + page + ": the page holds no section " + name + "; add the lines "
                    + begin() + " and " + end() + " where the table goes");
        }
    }

    /** Replaces what lies between the markers with {@code content} (which ends with a line break). */
    public void write(String content) throws IOException {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        int from = text.indexOf(begin()) + begin().length();
        int to = text.indexOf(end(), from);
        String updated = text.substring(0, from) + "\n" + content + text.substring(to);
        Path beside = page.resolveSibling("." + page.getFileName() + ".writing");
        Files.writeString(beside, updated, StandardCharsets.UTF_8);
        Files.move(beside, page, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
