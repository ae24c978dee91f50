package io.jenkins.plugins.trainingjob.cli.terminal;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * The CLI's two streams: results on stdout (text or one JSON document), progress and errors on stderr,
 * so {@code trainjob ... > result.json} captures only the result. Colour only on an interactive terminal
 * and never when {@code NO_COLOR} is set (https://no-color.org).
 */
public final class Terminal {

    /** The live line stays one console line on a 100-column terminal. */
    static final int LIVE_WIDTH = 99;

    public static final ObjectMapper JSON = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            // "aihc", as on every flag and in validate's output, not the enum constant's name.
            .addModule(new SimpleModule().addSerializer(PlatformKind.class, new StdSerializer<>(PlatformKind.class) {
                @Override
                public void serialize(PlatformKind value, JsonGenerator gen, SerializerProvider provider)
                        throws IOException {
                    gen.writeString(value.id());
                }
            }))
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            // Records' fields too: "keys sorted" holds for every object, workers[] included.
            .disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
            .build();

    private final PrintWriter out;
    private final PrintWriter err;
    private final OutputFormat format;
    private final boolean colour;
    /** Not a person's terminal (a CI log, a file): messages folded for 100 columns are unfolded. */
    private final boolean plain;
    /** The live status line currently shown at the bottom of stderr, or {@code null}. */
    private String liveLine;

    private final boolean quiet;

    /** The command whose documents this terminal prints ({@code submit}, {@code trainjob} for the root). */
    private volatile String command = "trainjob";

    public Terminal(CliEnvironment env, OutputFormat format) {
        this(env, format, false);
    }

    /** @param quiet leave out progress lines ({@code --quiet}); errors and results are still printed */
    public Terminal(CliEnvironment env, OutputFormat format, boolean quiet) {
        this.out = env.out();
        this.err = env.err();
        this.format = format;
        this.quiet = quiet;
        this.colour = env.interactive() && colourAllowed(env);
        this.plain = !env.interactive();
    }

    public OutputFormat format() {
        return format;
    }

    public boolean quiet() {
        return quiet;
    }

    /** NO_COLOR set to anything non-empty, or a dumb terminal, turns colour off. */
    public static boolean colourAllowed(CliEnvironment env) {
        return env.variable("NO_COLOR") == null && !"dumb".equals(env.variable("TERM"));
    }

    public boolean json() {
        return format == OutputFormat.JSON;
    }

    /**
     * A progress line on stderr, stripped of control characters: folded onto more lines when long on a
     * terminal, one line per logical line elsewhere (a CI log is grepped: "RUNNING on node" must not be
     * split across two lines).
     */
    public synchronized void progress(String line) {
        if (quiet) {
            return;
        }
        clearLive();
        err.println(lines(line));
        redrawLive();
        err.flush();
    }

    /**
     * Whether progress may use one live, rewritten status line: only on a terminal with colour allowed
     * ({@code NO_COLOR} or {@code TERM=dumb} mean plain lines, as do redirected streams).
     */
    public boolean live() {
        return colour && !quiet;
    }

    /** Shows {@code line} as the live status line (cut to the console width), replacing the previous one. */
    synchronized void showLive(String line) {
        clearLive();
        String text = ConsoleText.strip(line, LIVE_WIDTH);
        liveLine = text;
        redrawLive();
        err.flush();
    }

    /** Removes the live status line, leaving the cursor at the start of an empty line. */
    synchronized void endLive() {
        clearLive();
        liveLine = null;
        err.flush();
    }

    private void clearLive() {
        if (liveLine != null) {
            err.print("\r\u001b[2K");
        }
    }

    private void redrawLive() {
        if (liveLine != null) {
            err.print(liveLine);
        }
    }

    /** Result text on stdout, printed as is (renderers have already made it safe). */
    public void result(String text) {
        out.print(text.endsWith("\n") ? text : text + "\n");
        out.flush();
    }

    /** One result line on stdout, stripped of control characters, folded as {@link #progress} is. */
    public void resultLine(String line) {
        out.println(lines(line));
        out.flush();
    }

    /**
     * A message as this terminal shows it: its control characters stripped, folded for 100 columns on a
     * person's terminal, back in its logical lines elsewhere ({@link ConsoleText#logicalLines}).
     */
    public String lines(String message) {
        return plain ? ConsoleText.logicalLines(message) : ConsoleText.stripLines(message);
    }

    public void command(String name) {
        command = name;
    }

    public String command() {
        return command;
    }

    /** A new document of this terminal's command, to fill and print with {@link #json(JsonEnvelope)}. */
    public JsonEnvelope envelope(int exitCode, String message) {
        return JsonEnvelope.of(command, exitCode, message);
    }

    /** The result as the one JSON document on stdout: every {@code -o json} document is an envelope. */
    public void json(JsonEnvelope document) {
        print(document.toMap());
    }

    /** Any value as JSON on stdout (keys sorted, so output diffs well). */
    private void print(Object value) {
        try {
            out.println(JSON.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON output: " + e.getOriginalMessage(), e);
        }
        out.flush();
    }

    /** The one-line error a failure ends with. */
    public synchronized void error(String message) {
        endLive();
        err.println(red("trainjob: error: ") + ConsoleText.strip(message));
        err.flush();
    }

    PrintWriter err() {
        return err;
    }

    String bold(String s) {
        return colour ? "\u001b[1m" + s + "\u001b[0m" : s;
    }

    public String red(String s) {
        return colour ? "\u001b[31m" + s + "\u001b[0m" : s;
    }

    public String yellow(String s) {
        return colour ? "\u001b[33m" + s + "\u001b[0m" : s;
    }

    public String green(String s) {
        return colour ? "\u001b[32m" + s + "\u001b[0m" : s;
    }
}
