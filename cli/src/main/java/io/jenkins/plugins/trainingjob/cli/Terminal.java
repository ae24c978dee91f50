package io.jenkins.plugins.trainingjob.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.jenkins.plugins.trainingjob.core.report.ConsoleText;
import java.io.PrintWriter;

/**
 * The CLI's two streams: results on stdout (text or one JSON document), progress and errors on stderr,
 * so {@code trainjob ... > result.json} captures only the result. Colour only on an interactive terminal
 * and never when {@code NO_COLOR} is set (https://no-color.org).
 */
final class Terminal {

    static final ObjectMapper JSON = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .build();

    private final PrintWriter out;
    private final PrintWriter err;
    private final OutputFormat format;
    private final boolean colour;

    Terminal(CliEnvironment env, OutputFormat format) {
        this.out = env.out();
        this.err = env.err();
        this.format = format;
        this.colour = env.interactive() && colourAllowed(env);
    }

    /** NO_COLOR set to anything non-empty, or a dumb terminal, turns colour off. */
    static boolean colourAllowed(CliEnvironment env) {
        return env.variable("NO_COLOR") == null && !"dumb".equals(env.variable("TERM"));
    }

    boolean json() {
        return format == OutputFormat.JSON;
    }

    /** A progress line (folded onto more lines when long) on stderr, stripped of control characters. */
    void progress(String line) {
        err.println(ConsoleText.stripLines(line));
        err.flush();
    }

    /** Result text on stdout, printed as is (renderers have already made it safe). */
    void result(String text) {
        out.print(text.endsWith("\n") ? text : text + "\n");
        out.flush();
    }

    /** One result line (folded onto more lines when long) on stdout, stripped of control characters. */
    void resultLine(String line) {
        out.println(ConsoleText.stripLines(line));
        out.flush();
    }

    /** The result as one JSON document on stdout (keys sorted, so output diffs well). */
    void json(Object value) {
        try {
            out.println(JSON.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON output: " + e.getOriginalMessage(), e);
        }
        out.flush();
    }

    /** The one-line error a failure ends with. */
    void error(String message) {
        err.println(red("trainjob: error: ") + ConsoleText.strip(message));
        err.flush();
    }

    PrintWriter err() {
        return err;
    }

    String bold(String s) {
        return colour ? "\u001b[1m" + s + "\u001b[0m" : s;
    }

    String red(String s) {
        return colour ? "\u001b[31m" + s + "\u001b[0m" : s;
    }

    String green(String s) {
        return colour ? "\u001b[32m" + s + "\u001b[0m" : s;
    }
}
