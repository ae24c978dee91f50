package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A spec's {@code outputs:} block and the line convention every job may use: what a pipeline's gate reads
 * from the worker's log when the job ends. Two sources, one rule: a line
 * {@code trainjob-output NAME=VALUE} (always read, nothing to declare) and each declared
 * {@code {name, regex}} (the first capture group is the value). Read in log order, the last match of a
 * name wins, so a script that prints a metric every epoch gives its final value.
 *
 * <p>The block is not sent to the platform, and {@code ${NAME}} variables are not substituted in it: a
 * regular expression is taken literally.
 */
public final class OutputRules {

    /** The line convention's prefix, followed by one space and {@code NAME=VALUE}. */
    public static final String LINE_PREFIX = "trainjob-output";
    /** What {@code $GITHUB_OUTPUT}, GitLab's dotenv reports and shell variables all accept. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");
    /** A value longer than this is not a metric or a path: it is left out, and the result says so. */
    public static final int MAX_VALUE_CHARS = 1024;

    static final int MAX_RULES = 50;

    private static final Pattern CONVENTION =
            Pattern.compile("(?:^|\\s)" + LINE_PREFIX + "\\s+([A-Za-z_][A-Za-z0-9_]{0,63})=(.*)$");
    private static final OutputRules NONE = new OutputRules(List.of());

    private final List<OutputRule> rules;

    private OutputRules(List<OutputRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** No declared outputs: only the line convention is read. */
    public static OutputRules none() {
        return NONE;
    }

    /** Declared rules, already valid (tests, a front end building them from its own form). */
    public static OutputRules of(List<OutputRule> rules) {
        return rules.isEmpty() ? NONE : new OutputRules(rules);
    }

    public List<OutputRule> rules() {
        return rules;
    }

    /**
     * Reads an {@code outputs} value: a list of {@code {name, regex}} mappings. Every problem is added to
     * {@code problems} with its path ({@code outputs[1].regex}) and the rule it breaks, never the value.
     */
    static OutputRules read(JsonNode value, List<SpecProblem> problems) {
        if (value == null || value.isNull()) {
            return NONE;
        }
        if (!value.isArray()) {
            problems.add(new SpecProblem("outputs", "expected a list of {name, regex} entries"));
            return NONE;
        }
        if (value.size() > MAX_RULES) {
            problems.add(new SpecProblem("outputs", "at most " + MAX_RULES + " outputs"));
            return NONE;
        }
        List<OutputRule> rules = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < value.size(); i++) {
            String path = "outputs[" + i + "]";
            JsonNode entry = value.get(i);
            if (!entry.isObject()) {
                problems.add(new SpecProblem(path, "expected a mapping with 'name' and 'regex'"));
                continue;
            }
            entry.fieldNames().forEachRemaining(f -> {
                if (!f.equals("name") && !f.equals("regex")) {
                    problems.add(new SpecProblem(path + "." + f, "unknown field: an output has 'name' and 'regex'"));
                }
            });
            String name = text(entry.get("name"), path + ".name", problems);
            String regex = text(entry.get("regex"), path + ".regex", problems);
            boolean ok = name != null && regex != null;
            if (name != null && !NAME.matcher(name).matches()) {
                problems.add(new SpecProblem(
                        path + ".name",
                        "must be a letter or '_' followed by up to 63"
                                + " letters, digits or '_' (what $GITHUB_OUTPUT and dotenv files take)"));
                ok = false;
            } else if (name != null && !names.add(name)) {
                problems.add(new SpecProblem(
                        path + ".name", "duplicate output name " + name + ": each output is declared once"));
                ok = false;
            }
            Pattern pattern = null;
            if (regex != null) {
                try {
                    pattern = Pattern.compile(regex);
                    if (pattern.matcher("").groupCount() < 1) {
                        problems.add(new SpecProblem(
                                path + ".regex",
                                "needs a capture group: the first" + " group '( )' is the output's value"));
                        ok = false;
                    }
                } catch (PatternSyntaxException e) {
                    problems.add(new SpecProblem(
                            path + ".regex",
                            "not a valid regular expression (" + e.getDescription() + " near index " + e.getIndex()
                                    + ")"));
                    ok = false;
                }
            }
            if (ok) {
                rules.add(new OutputRule(name, pattern));
            }
        }
        return of(rules);
    }

    private static String text(JsonNode v, String path, List<SpecProblem> problems) {
        if (v == null || v.isNull()) {
            problems.add(new SpecProblem(path, "required"));
            return null;
        }
        if (!v.isTextual() || v.textValue().isEmpty()) {
            problems.add(new SpecProblem(path, "expected non-empty text"));
            return null;
        }
        return v.textValue();
    }

    /**
     * The outputs found in {@code lines} (log order): names sorted, values stripped of control characters
     * and surrounding blanks. A value longer than {@link #MAX_VALUE_CHARS} is left out and its name added
     * to {@code tooLong}.
     */
    public Map<String, String> extract(List<String> lines, Set<String> tooLong) {
        Map<String, String> found = new TreeMap<>();
        for (String raw : lines) {
            String line = raw == null ? "" : raw;
            Matcher m = CONVENTION.matcher(line);
            if (m.find()) {
                put(found, tooLong, m.group(1), m.group(2));
            }
            for (OutputRule rule : rules) {
                Matcher r = rule.regex().matcher(line);
                String last = null;
                while (r.find()) {
                    last = r.group(1);
                }
                if (last != null) {
                    put(found, tooLong, rule.name(), last);
                }
            }
        }
        return found;
    }

    private static void put(Map<String, String> found, Set<String> tooLong, String name, String value) {
        String clean = ConsoleText.strip(value).strip();
        if (clean.length() > MAX_VALUE_CHARS) {
            found.remove(name);
            tooLong.add(name);
            return;
        }
        tooLong.remove(name);
        found.put(name, clean);
    }

    @Override
    public String toString() {
        return "OutputRules" + rules.stream().map(OutputRule::name).toList();
    }
}
