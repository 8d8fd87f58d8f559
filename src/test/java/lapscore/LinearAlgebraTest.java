package lapscore;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.NativeBLAS;
import dev.ludovic.netlib.lapack.LAPACK;
import dev.ludovic.netlib.lapack.NativeLAPACK;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library computes with the Java BLAS and LAPACK even where the machine has a native one. Most
 * machines (CI among them) have none, and there {@code BLAS.getInstance()} is the Java implementation
 * too, so the choice is checked on a stand-in for a machine with one: {@link LinearAlgebra} and
 * {@code dev.ludovic.netlib} are loaded afresh by a class loader of their own, in which netlib's JNI
 * entry points ({@code JNIBLAS}, {@code JNILAPACK}) are replaced by classes that load without a native
 * library. There netlib's own choice, {@code BLAS.getInstance()}, is the "native" stand-in, as with
 * OpenBLAS installed, and the library must still return netlib's Java implementation.
 */
class LinearAlgebraTest {

    /** The two libraries, as netlib names their packages and classes. */
    private static final List<String> KINDS = List.of("blas", "lapack");

    /**
     * The source of a stand-in for netlib's JNI class of {@code kind} ({@code JNIBLAS}, {@code JNILAPACK}): like
     * it, a subclass of netlib's abstract base that implements the native interface, but whose every kernel
     * throws, so that it loads without a native library.
     */
    private static String standIn(String kind) throws ClassNotFoundException {
        String name = kind.toUpperCase(Locale.ROOT);
        Class<?> base = Class.forName("dev.ludovic.netlib." + kind + ".Abstract" + name);
        StringBuilder source = new StringBuilder("package dev.ludovic.netlib." + kind + ";\n"
                + "final class JNI" + name + " extends Abstract" + name + " implements Native" + name + " {\n"
                + "    static Native" + name + " getInstance() {\n"
                + "        return new JNI" + name + "();\n"
                + "    }\n");
        for (Method kernel : base.getDeclaredMethods()) {
            if (Modifier.isAbstract(kernel.getModifiers())) {
                Class<?>[] types = kernel.getParameterTypes();
                String parameters = IntStream.range(0, types.length).mapToObj(i -> types[i].getCanonicalName() + " p" + i)
                        .collect(Collectors.joining(", "));
                source.append("    ").append(Modifier.toString(kernel.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED)))
                        .append(' ').append(kernel.getReturnType().getCanonicalName()).append(' ').append(kernel.getName())
                        .append('(').append(parameters).append(") {\n")
                        .append("        throw new UnsupportedOperationException(\"a stand-in for a native library\");\n")
                        .append("    }\n");
            }
        }
        return source.append("}\n").toString();
    }

    /** On the stand-in machine, netlib chooses the "native" library and {@link LinearAlgebra} its Java one. */
    @Test
    void neverUsesANativeLibrary(@TempDir Path standIns) throws Exception {
        compile(standIns);
        List<Path> classPath = new ArrayList<>(List.of(standIns));
        classPath.addAll(netlib());
        classPath.add(location(LinearAlgebra.class));
        URL[] urls = new URL[classPath.size()];
        for (int i = 0; i < urls.length; i++) {
            urls[i] = classPath.get(i).toUri().toURL();
        }
        try (URLClassLoader machineWithNative = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
            Class<?> library = machineWithNative.loadClass(LinearAlgebra.class.getName());
            for (String kind : KINDS) {
                String prefix = "dev.ludovic.netlib." + kind + ".";
                String name = kind.toUpperCase(Locale.ROOT);
                Class<?> nativeType = machineWithNative.loadClass(prefix + "Native" + name);
                Object netlibChoice = machineWithNative.loadClass(prefix + name).getMethod("getInstance").invoke(null);
                assertTrue(nativeType.isInstance(netlibChoice), "netlib is offered the stand-in and chooses it: "
                        + netlibChoice.getClass().getName());
                Object used = library.getMethod(kind).invoke(null);
                assertFalse(nativeType.isInstance(used), "LinearAlgebra." + kind + "() is the native " + used.getClass().getName());
                Object java = machineWithNative.loadClass(prefix + "Java" + name).getMethod("getInstance").invoke(null);
                assertSame(java, used, "LinearAlgebra." + kind + "() is netlib's Java implementation");
            }
        }
    }

    /** The same choice in this JVM, as it is: a real check on a machine where a native library is installed. */
    @Test
    void neverUsesANativeLibraryInThisJvm() {
        assertFalse(LinearAlgebra.blas() instanceof NativeBLAS, "BLAS " + LinearAlgebra.blas().getClass().getName()
                + " (the machine's default is " + BLAS.getInstance().getClass().getName() + ")");
        assertFalse(LinearAlgebra.lapack() instanceof NativeLAPACK, "LAPACK " + LinearAlgebra.lapack().getClass().getName());
    }

    /** Compiles the stand-ins of {@link #KINDS} into {@code directory} against netlib. */
    private static void compile(Path directory) throws IOException, ClassNotFoundException {
        List<String> arguments = new ArrayList<>(List.of("-d", directory.toString(), "-classpath",
                netlib().stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator))));
        for (String kind : KINDS) {
            Path source = directory.resolve("JNI" + kind.toUpperCase(Locale.ROOT) + ".java");
            Files.writeString(source, standIn(kind));
            arguments.add(source.toString());
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertTrue(compiler != null && compiler.run(null, null, null, arguments.toArray(String[]::new)) == 0,
                "the stand-ins compile: " + arguments);
    }

    /** netlib's BLAS and LAPACK jars and the f2j runtime (org.netlib.util) that their signatures and Java LAPACK use. */
    private static List<Path> netlib() throws ClassNotFoundException {
        return List.of(location(BLAS.class), location(LAPACK.class), location(Class.forName("org.netlib.util.intW")));
    }

    /** The jar or directory {@code type} was loaded from. */
    private static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException unreadable) {
            throw new IllegalStateException("where " + type.getName() + " was loaded from", unreadable);
        }
    }
}
