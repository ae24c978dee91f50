package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.steps.AwaitScheduleDiagnosisStep;
import io.jenkins.plugins.trainingjob.steps.SubmitTrainingJobStep;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * The Jenkinsfiles in {@code docs/examples} call the steps only with parameters the steps have: a renamed
 * or misspelled parameter ({@code failOnJobFailur:}) fails here instead of in a user's first build.
 * ({@code DocsExamplesTest} in the CLI validates the specs they name or inline.)
 */
class JenkinsfileExamplesTest {

    static final Path EXAMPLES = Path.of("..").toAbsolutePath().normalize().resolve("docs/examples");
    static final Map<String, Class<?>> STEPS = Map.of(
            "submitTrainingJob",
            SubmitTrainingJobStep.class,
            "awaitScheduleDiagnosis",
            AwaitScheduleDiagnosisStep.class);
    static final Pattern NAMED = Pattern.compile("(?:^|,)\\s*([A-Za-z_]\\w*)\\s*:");

    /** The text between the call's parentheses, nested brackets, parentheses and quotes taken whole. */
    static String arguments(String text, int open) {
        int depth = 0;
        char quote = 0;
        for (int i = open; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                quote = c == quote && text.charAt(i - 1) != '\\' ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if ((c == ')' || c == ']' || c == '}') && --depth == 0) {
                return text.substring(open + 1, i);
            }
        }
        throw new AssertionError("unbalanced call at " + open);
    }

    /** The top-level named arguments: nested maps ({@code variables: [LR: lr]}) and strings blanked out. */
    static List<String> names(String args) {
        StringBuilder top = new StringBuilder();
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < args.length(); i++) {
            char c = args.charAt(i);
            if (quote != 0) {
                quote = c == quote && args.charAt(i - 1) != '\\' ? 0 : quote;
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            } else if (depth == 0) {
                top.append(c);
            }
        }
        List<String> names = new ArrayList<>();
        Matcher m = NAMED.matcher(top);
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    static boolean isParameter(Class<?> step, String name) {
        String setter = "set" + name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1);
        for (Method m : step.getMethods()) {
            if (m.getName().equals(setter) && m.isAnnotationPresent(DataBoundSetter.class)) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyStepCallOfTheExampleJenkinsfilesUsesParametersTheStepHas() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(EXAMPLES)) {
            files = list.filter(f -> f.getFileName().toString().startsWith("Jenkinsfile"))
                    .sorted()
                    .toList();
        }
        assertThat(files).extracting(f -> f.getFileName().toString()).contains("Jenkinsfile.release");
        int calls = 0;
        for (Path file : files) {
            String text = Files.readString(file);
            for (Map.Entry<String, Class<?>> step : STEPS.entrySet()) {
                Matcher call =
                        Pattern.compile("\\b" + step.getKey() + "\\s*\\(").matcher(text);
                while (call.find()) {
                    calls++;
                    List<String> names = names(arguments(text, call.end() - 1));
                    assertThat(names)
                            .as("%s: %s(...)", file.getFileName(), step.getKey())
                            .isNotEmpty()
                            .allSatisfy(n -> assertThat(isParameter(step.getValue(), n))
                                    .as("%s: %s has a parameter '%s'", file.getFileName(), step.getKey(), n)
                                    .isTrue());
                }
            }
        }
        assertThat(calls).isGreaterThan(4);
    }

    @Test
    void theExampleJenkinsfilesGiveVariablesInTheCurrentNameEqualsValueForm() throws IOException {
        List<String> forms = new ArrayList<>();
        try (Stream<Path> list = Files.list(EXAMPLES)) {
            for (Path file : list.filter(f -> f.getFileName().toString().startsWith("Jenkinsfile"))
                    .toList()) {
                Matcher m = Pattern.compile("\\bvariables:\\s*\\[\\s*(\\S)").matcher(Files.readString(file));
                while (m.find()) {
                    forms.add(file.getFileName() + ": " + m.group(1));
                }
            }
        }
        // a list of 'NAME=value' strings, as withEnv takes them; the map form ([LR: lr]) is the old one
        assertThat(forms).isNotEmpty().allSatisfy(f -> assertThat(f).matches(".*: ['\"]"));
    }

    @Test
    void theLintCatchesAMisspelledParameter() {
        assertThat(names(arguments(
                        "submitTrainingJob(connection: 'a', variables: [LR: lr], failOnJobFailur: false)",
                        "submitTrainingJob".length())))
                .containsExactly("connection", "variables", "failOnJobFailur");
        assertThat(isParameter(SubmitTrainingJobStep.class, "failOnJobFailur")).isFalse();
        assertThat(isParameter(SubmitTrainingJobStep.class, "failOnJobFailure")).isTrue();
    }
}
