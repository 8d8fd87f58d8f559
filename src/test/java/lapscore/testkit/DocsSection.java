package lapscore.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The generated sections of a page under {@code docs/}: the text between
 * {@code <!-- generated:NAME -->} and {@code <!-- end:NAME -->}, which a test renders from the code.
 * {@link #check} fails when a section differs from its rendering; run with {@code -Dregenerate=true}
 * it writes the renderings into the page instead.
 */
public final class DocsSection {

    private DocsSection() {
    }

    /** Compares (or, with {@code -Dregenerate=true}, replaces) every named section of {@code page} with its rendering. */
    public static void check(Path page, Map<String, String> renderings, String regenerate) throws IOException {
        String text = Files.readString(page);
        String updated = text;
        for (Map.Entry<String, String> section : renderings.entrySet()) {
            updated = replace(updated, section.getKey(), section.getValue(), page);
        }
        if (Boolean.getBoolean("regenerate")) {
            Files.writeString(page, updated);
            return;
        }
        for (Map.Entry<String, String> section : renderings.entrySet()) {
            assertEquals(section.getValue(), body(text, section.getKey(), page), page + ", section '" + section.getKey()
                    + "', differs from the code; regenerate it with " + regenerate);
        }
    }

    private static String replace(String text, String name, String body, Path page) {
        int start = start(text, name, page);
        return text.substring(0, start) + body + text.substring(end(text, name, start, page));
    }

    private static String body(String text, String name, Path page) {
        int start = start(text, name, page);
        return text.substring(start, end(text, name, start, page));
    }

    private static int start(String text, String name, Path page) {
        String marker = "<!-- generated:" + name + " -->\n";
        int at = text.indexOf(marker);
        if (at < 0) {
            throw new AssertionError(page + " has no line '" + marker.strip() + "'");
        }
        return at + marker.length();
    }

    private static int end(String text, String name, int start, Path page) {
        int at = text.indexOf("<!-- end:" + name + " -->", start);
        if (at < 0) {
            throw new AssertionError(page + " has no line '<!-- end:" + name + " -->' after its start");
        }
        return at;
    }
}
