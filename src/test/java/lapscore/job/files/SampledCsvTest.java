package lapscore.job.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** How much of a CSV types its columns, and how many cells its parser is told a line may hold, by the width of its lines. */
class SampledCsvTest {

    private static final CsvLayout COMMAS = new CsvLayout(true, CsvLayout.COMMA);

    private static String line(int cells) {
        return ",".repeat(cells - 1);
    }

    @Test
    void wideFilesAreTypedFromFewerRowsOfAboutAMillionCells() {
        assertEquals(200, SampledCsv.sampleRows(List.of(line(5)), COMMAS));
        assertEquals(200, SampledCsv.sampleRows(List.of(line(5_000)), COMMAS), "10^6 / 5 000 = 200");
        assertEquals(50, SampledCsv.sampleRows(List.of(line(20_000)), COMMAS));
        assertEquals(20, SampledCsv.sampleRows(List.of(line(50_000)), COMMAS));
        assertEquals(50, SampledCsv.sampleRows(List.of(line(20_000).replace(',', ';')), new CsvLayout(true, ';')),
                "cells counted by the delimiter");
        assertEquals(20, SampledCsv.sampleRows(List.of(line(100_000)), COMMAS), "never fewer than 20");
        assertEquals(200, SampledCsv.sampleRows(List.of(), COMMAS), "an empty file");
    }

    @Test
    void theParserTakesTwiceTheWidestLineAndNeverLessThanSparksDefault() {
        assertEquals(20_480, SampledCsv.maxColumns(List.of(line(4), line(9)), COMMAS));
        assertEquals(50_000, SampledCsv.maxColumns(List.of(line(100), line(25_000), line(3)), COMMAS), "2 (25 000 - 1) + 2");
        assertEquals(50_000, SampledCsv.maxColumns(List.of(line(25_000).replace(',', '\t')), new CsvLayout(true, '\t')));
    }
}
