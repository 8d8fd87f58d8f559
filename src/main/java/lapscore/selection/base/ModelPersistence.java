package lapscore.selection.base;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import lapscore.selection.redundancy.Redundancy;
import org.apache.hadoop.fs.Path;
import org.apache.spark.ml.util.DefaultParamsReader;
import org.apache.spark.ml.util.DefaultParamsWriter;
import org.apache.spark.ml.util.MLReader;
import org.apache.spark.ml.util.MLWriter;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import scala.Option;

/**
 * Spark ML persistence of every {@link FeatureSelectorModel}: params as Spark's standard JSON
 * metadata (which names the model's class, checked on load), and under {@code data/} one Parquet row
 * of {@code scores}, {@code selectedFeatures} and a nested {@code summary} struct whose fields are the
 * components of {@link FitSummary}. When Spark saves on the driver's local disk (Spark Connect's model
 * cache, {@link LocalSavingMode}) the same row is written as one line of JSON instead.
 */
public final class ModelPersistence {

    private static final StructType SUMMARY_SCHEMA = new StructType(Arrays.stream(FitSummary.class.getRecordComponents())
            .map(component -> DataTypes.createStructField(component.getName(), sqlType(component.getType()), false))
            .toArray(StructField[]::new));

    private static final StructType DATA_SCHEMA = new StructType(new StructField[]{
            DataTypes.createStructField("scores", DataTypes.createArrayType(DataTypes.DoubleType, false), false),
            DataTypes.createStructField("selectedFeatures", DataTypes.createArrayType(DataTypes.IntegerType, false), false),
            DataTypes.createStructField("redundantWith", DataTypes.createArrayType(DataTypes.IntegerType, false), false),
            DataTypes.createStructField("redundancy", DataTypes.createArrayType(DataTypes.DoubleType, false), false),
            DataTypes.createStructField("summary", SUMMARY_SCHEMA, false)});

    /** The file of the data row when Spark saves on the driver's local disk ({@link LocalSavingMode}). */
    private static final String LOCAL_DATA_FILE = "part-00000.json";

    /** What class names began with before the classes moved to the package {@code lapscore}. */
    private static final String FORMER_PACKAGE_PREFIX = "io.github.";

    /** Fields that models saved with the flat layout lack, at the value they had then. */
    private static final Map<String, Object> FLAT_LAYOUT_DEFAULTS = Map.of("numClasses", 0, "graphType", "knn",
            "largeClasses", 0);

    /** Fields added to the summary later, at the value they had before (no row was ever skipped). */
    private static final Map<String, Object> ADDED_FIELD_DEFAULTS = Map.of("skippedRows", 0L, "redundancySeconds", 0.0);

    private ModelPersistence() {
    }

    private static DataType sqlType(Class<?> type) {
        if (type == long.class) {
            return DataTypes.LongType;
        } else if (type == int.class) {
            return DataTypes.IntegerType;
        } else if (type == double.class) {
            return DataTypes.DoubleType;
        } else if (type == String.class) {
            return DataTypes.StringType;
        }
        throw new IllegalStateException("FitSummary component of unsupported type " + type);
    }

    /**
     * A model class's constructor {@code (uid, scores, selectedFeatures, redundancy, summary)}, through
     * which fitting, copying and loading create a model of any score, as Spark's
     * {@code Params.defaultCopy} creates a stage through its {@code (uid)} constructor.
     */
    static <M> M newModel(Class<M> modelClass, String uid, double[] scores, int[] selectedFeatures, Redundancy redundancy,
                          FitSummary summary) {
        try {
            return modelClass.getConstructor(String.class, double[].class, int[].class, Redundancy.class, FitSummary.class)
                    .newInstance(uid, scores, selectedFeatures, redundancy, summary);
        } catch (InvocationTargetException failed) {
            throw failed.getCause() instanceof RuntimeException unchecked ? unchecked : new IllegalStateException(failed.getCause());
        } catch (ReflectiveOperationException missing) {
            throw new IllegalStateException(modelClass.getName() + " lacks the public constructor (String, double[], int[],"
                    + " Redundancy, FitSummary) every model has", missing);
        }
    }

    static final class Writer extends MLWriter {
        private final FeatureSelectorModel<?> model;

        Writer(FeatureSelectorModel<?> model) {
            this.model = model;
        }

        /**
         * Writes the params with the {@code SparkContext} overload of {@code saveMetadata}: Spark 4
         * deprecates it for a {@code SparkSession} one that Spark 3.5 lacks.
         */
        @Override
        @SuppressWarnings("deprecation")
        public void saveImpl(String path) {
            DefaultParamsWriter.saveMetadata(model, path, sc(), Option.empty(), Option.empty());
            Row row = new GenericRowWithSchema(new Object[]{Arrays.stream(model.scores()).boxed().toArray(Double[]::new),
                    Arrays.stream(model.selectedFeatures()).boxed().toArray(Integer[]::new),
                    Arrays.stream(model.redundantWith()).boxed().toArray(Integer[]::new),
                    Arrays.stream(model.redundancy()).boxed().toArray(Double[]::new), summaryRow(model.summary())}, DATA_SCHEMA);
            if (LocalSavingMode.isOn()) {
                writeLocalData(path, row);
            } else {
                sparkSession().createDataFrame(List.of(row), DATA_SCHEMA).repartition(1).write().parquet(path + "/data");
            }
        }

        /** The data row as one line of JSON in {@code data/part-00000.json} on the driver's disk. */
        private static void writeLocalData(String path, Row row) {
            java.nio.file.Path file = Paths.get(path, "data", LOCAL_DATA_FILE);
            try {
                Files.createDirectories(file.getParent());
                Files.writeString(file, row.json());
            } catch (IOException failed) {
                throw new UncheckedIOException("Cannot write the model's data to '" + file + "'", failed);
            }
        }

        private static Row summaryRow(FitSummary summary) {
            return RowFactory.create(summary.componentValues());
        }
    }

    public static final class Reader<M extends FeatureSelectorModel<M>> extends MLReader<M> {
        private final Class<M> modelClass;

        public Reader(Class<M> modelClass) {
            this.modelClass = modelClass;
        }

        /**
         * Loads the model saved at {@code path}, reading only its {@code metadata} and {@code data}
         * and creating only a {@code modelClass}: a directory that is missing, was written by another
         * class or is damaged is refused with a message saying which (Spark reports an unreadable file
         * with its checked {@code SparkException}, hence the broad catches).
         */
        @Override
        public M load(String path) {
            String expected = modelClass.getSimpleName();
            requireSavedModel(path, expected);
            DefaultParamsReader.Metadata metadata;
            try {
                metadata = loadMetadata(path);
            } catch (Exception damaged) {
                throw unreadable(path, expected, "metadata", damaged);
            }
            if (!savedBy(metadata.className(), modelClass)) {
                String found = metadata.className().substring(metadata.className().lastIndexOf('.') + 1);
                throw new IllegalArgumentException("'" + path + "' holds a " + found + ", not a " + expected + "; load it with "
                        + found + ".load");
            }
            M model;
            try {
                Row row = LocalSavingMode.isOn() ? readLocalData(path) : sparkSession().read().parquet(path + "/data").head();
                double[] scores = row.<Double>getList(row.fieldIndex("scores")).stream().mapToDouble(Double::doubleValue).toArray();
                int[] selected = row.<Integer>getList(row.fieldIndex("selectedFeatures")).stream().mapToInt(Integer::intValue)
                        .toArray();
                requireConsistent(path, scores, selected);
                model = newModel(modelClass, metadata.uid(), scores, selected, redundancyOf(row, scores.length), summaryOf(row));
                metadata.getAndSetParams(model, Option.empty());
            } catch (Exception damaged) {
                throw unreadable(path, expected, "data", damaged);
            }
            return model;
        }

        /**
         * Whether a model saved under {@code className} is a {@code modelClass}: its name now, or
         * its name before the classes moved from {@code io.github.lapscore} to {@code lapscore}
         * (the package PySpark derives from the Python module's name).
         */
        private static boolean savedBy(String className, Class<?> modelClass) {
            return className.equals(modelClass.getName()) || className.equals(FORMER_PACKAGE_PREFIX + modelClass.getName());
        }

        /**
         * Reads the params with the {@code SparkContext} overload of {@code loadMetadata}: Spark 4
         * deprecates it for a {@code SparkSession} one that Spark 3.5 lacks.
         */
        @SuppressWarnings("deprecation")
        private DefaultParamsReader.Metadata loadMetadata(String path) {
            return DefaultParamsReader.loadMetadata(path, sc(), "");
        }

        /** The data row written by {@code writeLocalData}, read with the schema it was written with. */
        private Row readLocalData(String path) throws IOException {
            String json = Files.readString(Paths.get(path, "data", LOCAL_DATA_FILE));
            return sparkSession().read().schema(DATA_SCHEMA).json(sparkSession().createDataset(List.of(json), Encoders.STRING()))
                    .head();
        }

        private void requireSavedModel(String path, String expected) {
            Path metadata = new Path(path, "metadata");
            boolean exists;
            try {
                exists = LocalSavingMode.isOn() ? Files.exists(Paths.get(metadata.toString()))
                        : metadata.getFileSystem(sc().hadoopConfiguration()).exists(metadata);
            } catch (IOException unreachable) {
                throw new IllegalArgumentException("Cannot read '" + path + "': " + unreachable.getMessage());
            }
            if (!exists) {
                throw new IllegalArgumentException("'" + path + "' is not a saved " + expected + " (it has no metadata);"
                        + " check the path, or save a model there with model.write().save(path)");
            }
        }

        private static void requireConsistent(String path, double[] scores, int[] selected) {
            for (int feature : selected) {
                if (feature < 0 || feature >= scores.length) {
                    throw new IllegalArgumentException("selected feature " + feature + " is outside the " + scores.length
                            + " scored features of '" + path + "'");
                }
            }
        }

        private static IllegalArgumentException unreadable(String path, String expected, String part, Exception cause) {
            if (cause instanceof IllegalArgumentException && cause.getMessage() != null && cause.getMessage().contains(path)) {
                return (IllegalArgumentException) cause;
            }
            String reason = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage().lines().findFirst()
                    .orElse("");
            return new IllegalArgumentException("'" + path + "' is not a readable " + expected + ": its " + part
                    + " is damaged or missing (" + reason + "); save the model again", cause);
        }

        /** The saved redundancy decisions, or none for models saved before redundancy removal existed. */
        private static Redundancy redundancyOf(Row row, int numFeatures) {
            if (!Arrays.asList(row.schema().fieldNames()).contains("redundantWith")) {
                return Redundancy.none(numFeatures);
            }
            int[] with = row.<Integer>getList(row.fieldIndex("redundantWith")).stream().mapToInt(Integer::intValue).toArray();
            double[] uncertainty = row.<Double>getList(row.fieldIndex("redundancy")).stream().mapToDouble(Double::doubleValue)
                    .toArray();
            return new Redundancy(with, uncertainty);
        }

        /**
         * The summary of a saved row: its {@code summary} struct, or, for models saved before the
         * struct (version 0.1, Laplacian Score only), its flat columns, with the fields that version
         * lacked at their meaning then (no classes, the kNN graph, no large class); fields added since
         * (skipped rows) at theirs.
         */
        private static FitSummary summaryOf(Row row) {
            boolean nested = Arrays.asList(row.schema().fieldNames()).contains("summary");
            Row summary = nested ? row.getStruct(row.fieldIndex("summary")) : row;
            List<String> saved = Arrays.asList(summary.schema().fieldNames());
            RecordComponent[] components = FitSummary.class.getRecordComponents();
            Class<?>[] types = new Class<?>[components.length];
            Object[] values = new Object[components.length];
            for (int c = 0; c < components.length; c++) {
                String name = components[c].getName();
                types[c] = components[c].getType();
                if (saved.contains(name)) {
                    values[c] = summary.get(summary.fieldIndex(name));
                } else if (!nested && FLAT_LAYOUT_DEFAULTS.containsKey(name)) {
                    values[c] = FLAT_LAYOUT_DEFAULTS.get(name);
                } else if (ADDED_FIELD_DEFAULTS.containsKey(name)) {
                    values[c] = ADDED_FIELD_DEFAULTS.get(name);
                } else {
                    throw new IllegalArgumentException("The saved model's summary has no field '" + name
                            + "'; it was not written by this library");
                }
            }
            try {
                return FitSummary.class.getDeclaredConstructor(types).newInstance(values);
            } catch (ReflectiveOperationException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
    }
}
