package lapscore.job.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.univocity.parsers.csv.CsvParser;
import lapscore.testkit.SparkTestSession;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Test;

/**
 * How much of a CSV types its columns, how many cells its parser is told a line may hold, by the
 * width of its lines, and the types the sample gives, against Spark's own inference of the same lines.
 */
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

    @Test
    void theSampleIsTypedAsSparksInferenceTypesTheSameLines() {
        List<String> lines = List.of(
                "ints,longs,doubles,exponents,specials,spaced,flags,mixedFlags,words,intThenText,holes,quoted",
                "1,3000000000,1.5,1e5,NaN,\" 5\",true,true,a,7,,\"1,5\"",
                "-2,4,-0.25,2E-3,Inf,6,FALSE,1,b,x,8,\"2\"",
                "3,5,7,3,-Inf,7,false,0,c,9,,\"3\"");
        CsvLayout csv = new CsvLayout(true, CsvLayout.COMMA);
        SparkSession spark = SparkTestSession.spark();
        StructField[] inferred = csv.reader(spark, SampledCsv.SPARK_MAX_COLUMNS).option("inferSchema", true)
                .csv(spark.createDataset(lines, Encoders.STRING())).schema().fields();
        DataType[] sparks = Arrays.stream(inferred).map(StructField::dataType).toArray(DataType[]::new);
        CsvParser parser = new CsvParser(csv.parserSettings(SampledCsv.SPARK_MAX_COLUMNS));
        List<String[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            rows.add(parser.parseLine(line));
        }
        assertArrayEquals(sparks, SampledCsv.columnTypes(rows, sparks.length).orElseThrow());
    }

    @Test
    void aColumnWithoutAValueInTheSampleLeavesTheTypesToTheWholeFile() {
        List<String[]> rows = List.of(new String[]{"1", null}, new String[]{"2", ""});
        assertTrue(SampledCsv.columnTypes(rows, 2).isEmpty());
        assertTrue(SampledCsv.columnTypes(List.<String[]>of(new String[]{"1"}), 2).isEmpty(), "a short row leaves the second column empty");
    }
}
