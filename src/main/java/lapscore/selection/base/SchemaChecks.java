package lapscore.selection.base;

import java.util.Arrays;

import lapscore.data.IndexedRows;
import org.apache.spark.ml.attribute.AttributeGroup;
import org.apache.spark.ml.linalg.SQLDataTypes;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/** Checks of column names and types that fail early with messages naming the column. */
final class SchemaChecks {

    private SchemaChecks() {
    }

    /** {@code column} must exist in {@code schema} and hold ML vectors. */
    static void requireVectorColumn(StructType schema, String column) {
        if (!Arrays.asList(schema.fieldNames()).contains(column)) {
            throw new IllegalArgumentException("Column '" + column + "' does not exist; available columns: "
                    + String.join(", ", schema.fieldNames()));
        }
        DataType type = schema.apply(column).dataType();
        if (!type.equals(SQLDataTypes.VectorType())) {
            throw new IllegalArgumentException("Column '" + column + "' must hold org.apache.spark.ml.linalg.Vector values "
                    + "(e.g. from VectorAssembler) but is of type " + type.catalogString());
        }
    }

    /**
     * When the ML attributes of vector column {@code column} give its size, it must be
     * {@code numFeatures}, the size the model was fitted on (rows without attributes are checked one
     * by one when transformed).
     */
    static void requireVectorSize(StructType schema, String column, int numFeatures) {
        int size = AttributeGroup.fromStructField(schema.apply(column)).size();
        if (size >= 0 && size != numFeatures) {
            throw new IllegalArgumentException("Column '" + column + "' holds vectors of size " + size + " (from its ML attributes)"
                    + " but the model was fitted on " + numFeatures + " features; transform data with the features it was fitted on");
        }
    }

    /** The ML attribute names of vector column {@code column}, or null when it has none. */
    static String[] attributeNames(StructType schema, String column) {
        AttributeGroup group = AttributeGroup.fromStructField(schema.apply(column));
        if (group.attributes().isEmpty()) {
            return null;
        }
        return Arrays.stream(group.attributes().get()).map(a -> a.name().isDefined() ? a.name().get() : null)
                .toArray(String[]::new);
    }

    /** {@code column} must not exist yet in {@code schema}. */
    static void requireNewColumn(StructType schema, String column) {
        if (Arrays.asList(schema.fieldNames()).contains(column)) {
            throw new IllegalArgumentException("Output column '" + column + "' already exists; choose another outputCol");
        }
    }

    /**
     * {@code column} (the labelCol param, null when unset) must be set, exist in {@code schema} and
     * hold numbers or strings; {@code why} says which setting needs it.
     */
    static void requireLabelColumn(StructType schema, String column, String why) {
        if (column == null) {
            throw new IllegalArgumentException(why + " needs class labels: set labelCol to the label column");
        }
        if (!Arrays.asList(schema.fieldNames()).contains(column)) {
            throw new IllegalArgumentException("Label column '" + column + "' does not exist; available columns: "
                    + String.join(", ", schema.fieldNames()));
        }
        DataType type = schema.apply(column).dataType();
        if (!IndexedRows.isLabelType(type)) {
            throw new IllegalArgumentException("Label column '" + column + "' must hold numbers or strings but is of type "
                    + type.catalogString());
        }
    }
}
