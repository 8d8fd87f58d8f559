package lapscore.job.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import lapscore.testkit.SparkTestSession;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The vectors made from numeric columns hold each cell's value as a double (null as NaN), in the
 * table's row order, with the label unchanged, whether the rows come from a table in memory or a
 * Parquet file of more columns than Spark reads in batches by default; checked cell by cell
 * against the rows the table was made of.
 */
class ColumnVectorsTest {

    private static final SparkSession SPARK = SparkTestSession.spark();
    private static final DataType[] TYPES = {DataTypes.DoubleType, DataTypes.FloatType, DataTypes.IntegerType, DataTypes.LongType,
            DataTypes.ShortType, DataTypes.ByteType, DataTypes.createDecimalType(12, 3)};

    /** Rows of a label (text) and {@code columns} numeric cells, of the types in turn, some null. */
    private static List<Row> rows(int count, int columns, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Object[] cells = new Object[columns + 1];
            cells[0] = "class" + random.nextInt(3);
            for (int c = 0; c < columns; c++) {
                int value = random.nextInt(-100, 100);
                cells[c + 1] = random.nextInt(40) == 0 ? null : switch (c % TYPES.length) {
                    case 0 -> value / 8.0;
                    case 1 -> value / 4.0f;
                    case 2 -> value;
                    case 3 -> (long) value << 20;
                    case 4 -> (short) value;
                    case 5 -> (byte) value;
                    default -> new BigDecimal(value).movePointLeft(3);
                };
            }
            rows.add(RowFactory.create(cells));
        }
        return rows;
    }

    private static StructType schema(int columns) {
        StructType schema = new StructType().add("label", DataTypes.StringType);
        for (int c = 0; c < columns; c++) {
            schema = schema.add("c" + c, TYPES[c % TYPES.length]);
        }
        return schema;
    }

    /** Checks the vectors of {@code table} (features c0.., label first) cell by cell against {@code rows}. */
    private static void assertVectorsOf(Dataset<Row> table, List<Row> rows, int columns) {
        List<String> features = IntStream.range(0, columns).mapToObj(c -> "c" + c).toList();
        List<String> names = features.stream().map(name -> "user " + name).toList();
        Dataset<Row> vectors = ColumnVectors.read(table, features, "label", names, "v");
        List<Row> read = vectors.collectAsList();
        assertEquals(rows.size(), read.size());
        for (int i = 0; i < rows.size(); i++) {
            double[] expected = new double[columns];
            for (int c = 0; c < columns; c++) {
                Object cell = rows.get(i).get(c + 1);
                expected[c] = cell == null ? Double.NaN : ((Number) cell).doubleValue();
            }
            assertEquals(rows.get(i).getString(0), read.get(i).getString(0), "label of row " + i);
            assertArrayEquals(expected, ((Vector) read.get(i).get(1)).toArray(), 0.0, "row " + i);
        }
        AttributeGroup attributes = AttributeGroup.fromStructField(vectors.schema().apply("v"));
        assertEquals("user c" + (columns - 1), attributes.getAttr(columns - 1).name().get());
    }

    @Test
    void aTableInMemoryOfEveryNumericType() {
        List<Row> rows = rows(300, 21, 1L);
        assertVectorsOf(SPARK.createDataFrame(rows, schema(21)).repartition(1).coalesce(1), rows, 21);
    }

    /** 1 500 columns, above Spark's limit of 100 for batches, in three files read as one table. */
    @Test
    void aWideParquetTableInRowOrder(@TempDir Path dir) {
        int columns = 1_500;
        List<Row> rows = rows(240, columns, 2L);
        SPARK.createDataFrame(rows, schema(columns)).coalesce(1).write().option("maxRecordsPerFile", 100)
                .parquet(dir.resolve("wide").toString());
        Dataset<Row> table = SPARK.read().parquet(dir.resolve("wide").toString());
        List<Object> settings = List.of(SPARK.conf().getOption("spark.sql.codegen.maxFields"),
                SPARK.conf().getOption("spark.sql.parquet.columnarReaderBatchSize"));
        assertVectorsOf(table, rows, columns);
        assertEquals(settings, List.of(SPARK.conf().getOption("spark.sql.codegen.maxFields"),
                SPARK.conf().getOption("spark.sql.parquet.columnarReaderBatchSize")), "the session's settings restored");
    }
}
