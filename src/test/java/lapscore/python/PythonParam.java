package lapscore.python;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.apache.spark.ml.param.BooleanParam;
import org.apache.spark.ml.param.DoubleParam;
import org.apache.spark.ml.param.IntParam;
import org.apache.spark.ml.param.LongParam;
import org.apache.spark.ml.param.Param;
import org.apache.spark.ml.param.Params;

/**
 * One Java param as the Python API declares it: its name and doc string (from the Spark
 * {@link Param} object), and the Python type and PySpark type converter of its Java value type.
 *
 * @param name the param's name, the same in both languages
 * @param doc  the param's doc string
 * @param type the Python type of its values
 */
record PythonParam(String name, String doc, PythonType type) {

    /** A Python value type with the PySpark {@code TypeConverters} method that checks it. */
    enum PythonType {
        INT("int", "toInt"),
        FLOAT("float", "toFloat"),
        BOOL("bool", "toBoolean"),
        STRING("str", "toString");

        final String hint;
        final String converter;

        PythonType(String hint, String converter) {
            this.hint = hint;
            this.converter = converter;
        }

        /** The type of {@code param}: a plain {@link Param} holds a string (Spark Connect sends it as one). */
        static PythonType of(Param<?> param) {
            if (param instanceof IntParam || param instanceof LongParam) {
                return INT;
            } else if (param instanceof DoubleParam) {
                return FLOAT;
            } else if (param instanceof BooleanParam) {
                return BOOL;
            } else if (param.getClass() == Param.class) {
                return STRING;
            }
            throw new IllegalArgumentException("param " + param.name() + " is a " + param.getClass().getSimpleName()
                    + ", which the Python API does not declare");
        }
    }

    /**
     * The params whose accessors {@code paramsInterface} itself declares (not its parents), by name,
     * read from {@code owner}, an instance that has them.
     */
    static List<PythonParam> declaredBy(Class<?> paramsInterface, Params owner) {
        return Arrays.stream(paramsInterface.getDeclaredMethods())
                .filter(method -> method.getParameterCount() == 0 && Param.class.isAssignableFrom(method.getReturnType())
                        && !method.isSynthetic())
                .map(Method::getName).sorted(Comparator.naturalOrder())
                .map(name -> {
                    Param<?> param = owner.getParam(name);
                    return new PythonParam(name, param.doc(), PythonType.of(param));
                })
                .toList();
    }
}
