package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import java.io.StringReader;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * Node names, reasons, rule names, pods and queues are remote data. Whatever they contain (markup, ANSI
 * escapes, line breaks, quotes, characters XML forbids, 10,000-character values) comes out escaped or
 * stripped in every format.
 */
class HostileStringsTest {

    private static final DiagnosisReport REPORT = Reports.hostile();

    @Test
    void textHasNoControlCharactersAndFitsTheWidth() {
        String text = ReportFormat.TEXT.render(REPORT);
        assertNoControlCharacters(text);
        assertThat(text.lines()).allMatch(l -> l.length() <= 100);
        assertThat(text).doesNotContain("\nInjected:").contains("first line Injected: second line");
    }

    @Test
    void markdownEscapesMarkupAndKeepsEachValueOnItsLine() {
        String md = ReportFormat.MARKDOWN.render(REPORT);
        assertNoControlCharacters(md);
        assertThat(md)
                .doesNotContain("<script", "\nInjected:", "[link](", "`tick`", "` | pipe", "\uFFFF", "\uD800")
                .contains("&lt;script&gt;alert('x')&lt;/script&gt;", "\\`tick\\`", "\\| pipe", "\\[link\\]");
        // Values are bounded (ReportLimits.MAX_VALUE), not cut at a line length: a table row holds several.
        assertThat(md.lines()).allMatch(l -> l.length() < 40 * ReportLimits.MAX_VALUE);
    }

    @Test
    void htmlEscapesEveryRemoteStringAndLoadsNothing() {
        String html = ReportFormat.HTML.render(REPORT);
        assertNoControlCharacters(html);
        assertThat(html)
                .doesNotContain("<script", "\nInjected:", "src=", "href=", "url(", "@import", "\"quoted\"", "\uFFFF")
                .contains(
                        "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;", "&quot;quoted&quot; &amp; &#39;apostrophe");
        assertThat(html.lines()).allMatch(l -> l.length() < 40 * ReportLimits.MAX_VALUE);
    }

    @Test
    void jsonEscapesMarkupAndControlsButKeepsTheValuesExactly() {
        String json = ReportFormat.JSON.render(REPORT);
        assertNoControlCharacters(json);
        assertThat(json).doesNotContain("<script", "\u001b").contains("\\u003Cscript\\u003E", "\\u001B[31m");
        assertThat(ReportJson.read(json)).isEqualTo(REPORT);
    }

    @Test
    void junitXmlIsWellFormedAndCarriesTheTextEscaped() throws Exception {
        String xml = ReportFormat.JUNIT.render(REPORT);
        assertThat(xml).doesNotContain("\u001b", "\u0000", "\uFFFF", "<script");
        Document doc = parse(xml);
        NodeList cases = doc.getElementsByTagName("testcase");
        assertThat(cases.getLength()).isEqualTo(12);
        assertThat(doc.getElementsByTagName("failure").getLength()).isEqualTo(12);
        boolean sawScript = false;
        for (int i = 0; i < cases.getLength(); i++) {
            String name = cases.item(i).getAttributes().getNamedItem("name").getNodeValue();
            sawScript |= name.contains(Reports.SCRIPT);
            assertThat(name).doesNotContain("\u001b", "\u0000");
        }
        assertThat(sawScript)
                .as("a test case named after the <script> reason, escaped then parsed back")
                .isTrue();
    }

    private static void assertNoControlCharacters(String s) {
        List<Integer> bad = s.chars()
                .filter(c -> (c < 0x20 && c != '\n') || (c >= 0x7f && c <= 0x9f))
                .boxed()
                .toList();
        assertThat(bad).as("control characters").isEmpty();
    }

    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    }
}
