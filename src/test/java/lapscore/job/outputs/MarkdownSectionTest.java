package lapscore.job.outputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A command writes only between its section's markers, and refuses a page without them before it runs. */
class MarkdownSectionTest {

    @TempDir
    Path folder;

    @Test
    void onlyTheSectionBetweenItsMarkersIsReplaced() throws IOException {
        Path page = folder.resolve("performance.md");
        String before = "# Performance\n\nText a person wrote.\n\n<!-- begin:tall -->\nold table\n<!-- end:tall -->\n\n"
                + "<!-- begin:bench -->\nother\n<!-- end:bench -->\nMore text.\n";
        Files.writeString(page, before);
        MarkdownSection section = MarkdownSection.of(page + "#tall", "bench");
        section.check("--markdown");
        section.write("| a |\n|---|\n| 1 |\n");
        assertEquals(before.replace("old table\n", "| a |\n|---|\n| 1 |\n"), Files.readString(page));
        MarkdownSection.of(page.toString(), "bench").write("new\n");
        assertTrue(Files.readString(page).endsWith("<!-- begin:bench -->\nnew\n<!-- end:bench -->\nMore text.\n"));
        try (var files = Files.list(folder)) {
            assertEquals(1, files.count(), "nothing left beside the page");
        }
    }

    @Test
    void aPageWithoutTheSectionOrNoPageIsRefusedInOneLine() throws IOException {
        Path page = folder.resolve("notes.md");
        Files.writeString(page, "# Notes\n<!-- end:bench -->\n<!-- begin:bench -->\n");
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> MarkdownSection.of(page.toString(), "bench").check("--markdown"));
        assertTrue(missing.getMessage().startsWith("--markdown " + page + ": the page holds no section bench; add the lines"),
                missing.getMessage());
        IllegalArgumentException absent = assertThrows(IllegalArgumentException.class,
                () -> MarkdownSection.of(folder.resolve("absent.md").toString(), "bench").check("--markdown"));
        assertTrue(absent.getMessage().contains("not a Markdown file that can be written"), absent.getMessage());
        assertTrue(!missing.getMessage().contains("\n") && !absent.getMessage().contains("\n"));
    }
}
