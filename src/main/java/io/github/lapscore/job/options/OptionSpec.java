package io.github.lapscore.job.options;

import java.util.function.Supplier;

/**
 * The {@link CommandOption.Spec} of one option: given outright, or read from an estimator param
 * ({@link ParamOptions#spec}) the first time it is asked for, so that the default is written once,
 * in the estimator.
 */
final class OptionSpec {

    private final Supplier<CommandOption.Spec> source;
    private CommandOption.Spec spec;

    private OptionSpec(Supplier<CommandOption.Spec> source) {
        this.source = source;
    }

    static OptionSpec of(String flag, String placeholder, String defaultValue, String description) {
        CommandOption.Spec spec = new CommandOption.Spec(flag, placeholder, defaultValue, description);
        return new OptionSpec(() -> spec);
    }

    static OptionSpec ofParam(String flag, String placeholder, String param) {
        return new OptionSpec(() -> ParamOptions.spec(flag, placeholder, param));
    }

    synchronized CommandOption.Spec get() {
        if (spec == null) {
            spec = source.get();
        }
        return spec;
    }
}
