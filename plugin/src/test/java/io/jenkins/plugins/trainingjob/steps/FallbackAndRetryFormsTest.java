package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.jenkins.plugins.trainingjob.core.flow.SubmitRequest;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The forms of a fallback target and of a retry, as the freestyle form and the Snippet Generator render and
 * post them (core binds only what a form posts, {@code lib/form/repeatableProperty.jelly}): a fallback
 * target's {@code variables} survive a save (review R8) and can be generated, and the retry the form offers by
 * default runs with the form's default {@code wait} (review section 3). Under {@code -Pjenkins} the same
 * round trips run through Stapler ({@code TrainingJobBuilderJenkinsTest}, {@code
 * SubmitTrainingJobStepJenkinsTest}).
 */
class FallbackAndRetryFormsTest {
    private static final Pattern INSTANCE = Pattern.compile("\\$\\{instance\\.(\\w+)}");

    @Test
    void aSavedFallbackTargetKeepsEveryFieldItsJobXmlOrJobDslSet() throws Exception {
        Fallback saved = new Fallback();
        saved.setConnection("aihc-b");
        saved.setQueue("q3");
        saved.setResourcePool("cce-b0000001");
        saved.setVariables(List.of("GPU_KIND=baidu.com/h800_80g_cgpu", "GPUS=8", "NOTE=two  spaces, and a = sign "));

        Fallback afterSave = bound(posted(saved));

        assertThat(afterSave).isEqualTo(saved);
        assertThat(afterSave.getVariables()).isEqualTo(saved.getVariables());
    }

    @Test
    void theVariablesAreOneEntryPerLineAndBlankLinesAreLeftOut() {
        assertThat(Fallback.variablesOf("GPU_KIND=h800\r\n\nGPUS=8\n  \n")).containsExactly("GPU_KIND=h800", "GPUS=8");
        Fallback none = new Fallback();
        assertThat(none.getVariablesText()).isEmpty();
        assertThat(Fallback.variablesOf(none.getVariablesText())).isEmpty();
    }

    /** What the Snippet Generator generates when Retry is ticked and nothing else is changed must run. */
    @ParameterizedTest
    @ValueSource(strings = {"SubmitTrainingJobStep", "TrainingJobBuilder"})
    void theRetryTheFormOffersByDefaultRunsWithTheFormsDefaultWait(String form) throws Exception {
        Retry retry = new Retry();
        retry.setLimit(Integer.parseInt(attribute("Retry/config.jelly", "limit", "default")));
        String waitDefault = attribute(form + "/config.jelly", "wait", "default");

        WaitMode wait = StepValidation.waitMode("wait", waitDefault, true);
        assertThatCode(() -> SubmitRequest.builder(JenkinsFieldNames.INSTANCE)
                        .waiting(wait, WatchPolicy.defaults(wait.target()), null)
                        .retry(Retry.policy(retry))
                        .build())
                .doesNotThrowAnyException();
    }

    // --- the form, as core renders and posts it

    /** What the entry's form posts: each {@code f:entry field}'s control, showing the saved instance. */
    private static Map<String, String> posted(Fallback instance) throws Exception {
        Map<String, String> form = new LinkedHashMap<>();
        NodeList entries = view("Fallback/config.jelly").getElementsByTagNameNS("/lib/form", "entry");
        for (int i = 0; i < entries.getLength(); i++) {
            Element entry = (Element) entries.item(i);
            if (!entry.hasAttribute("field")) {
                continue;
            }
            String field = entry.getAttribute("field");
            Element control = firstElement(entry);
            Matcher shown = INSTANCE.matcher(control.getAttribute("value"));
            Object value = shown.matches() ? read(instance, shown.group(1)) : read(instance, field);
            form.put(field, value == null ? "" : String.valueOf(value));
        }
        return form;
    }

    /** A new entry from the posted form: the setters, after {@code DescriptorImpl.newInstance}'s lines. */
    private static Fallback bound(Map<String, String> form) throws Exception {
        Fallback f = new Fallback();
        for (Map.Entry<String, String> e : form.entrySet()) {
            if (e.getKey().equals("variables")) {
                f.setVariables(Fallback.variablesOf(e.getValue()));
            } else {
                Method setter = Fallback.class.getMethod(
                        "set" + Character.toUpperCase(e.getKey().charAt(0))
                                + e.getKey().substring(1),
                        String.class);
                setter.invoke(f, e.getValue());
            }
        }
        return f;
    }

    private static Object read(Object o, String property) throws Exception {
        return o.getClass()
                .getMethod("get" + Character.toUpperCase(property.charAt(0)) + property.substring(1))
                .invoke(o);
    }

    private static String attribute(String view, String field, String name) throws Exception {
        NodeList entries = view(view).getElementsByTagNameNS("/lib/form", "entry");
        for (int i = 0; i < entries.getLength(); i++) {
            Element entry = (Element) entries.item(i);
            if (entry.getAttribute("field").equals(field)) {
                return firstElement(entry).getAttribute(name);
            }
        }
        throw new AssertionError(view + " has no field " + field);
    }

    private static Element firstElement(Element e) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                return child;
            }
        }
        throw new AssertionError("no control in " + e.getAttribute("field"));
    }

    private static Document view(String path) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        try (InputStream in = FallbackAndRetryFormsTest.class.getResourceAsStream(path)) {
            return f.newDocumentBuilder().parse(in);
        }
    }
}
