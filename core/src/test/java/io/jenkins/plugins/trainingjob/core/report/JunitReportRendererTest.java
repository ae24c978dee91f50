package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class JunitReportRendererTest {

    @Test
    void eachBlockingReasonIsOneFailedTestCase() throws Exception {
        Document doc = HostileStringsTest.parse(new JunitReportRenderer().render(DocumentedExample.report()));
        Element suite = doc.getDocumentElement();
        assertThat(suite.getAttribute("tests")).isEqualTo("3");
        assertThat(suite.getAttribute("failures")).isEqualTo("3");
        List<String> cases = new ArrayList<>();
        NodeList list = doc.getElementsByTagName("testcase");
        for (int i = 0; i < list.getLength(); i++) {
            Element c = (Element) list.item(i);
            Element failure = (Element) c.getElementsByTagName("failure").item(0);
            cases.add(c.getAttribute("classname") + " | " + c.getAttribute("name") + " | "
                    + failure.getAttribute("message"));
        }
        assertThat(cases)
                .containsExactly(
                        "trainingjob.diagnosis.NodeTaintToleranceDiagnostics | node(s) had untolerated taint: "
                                + "{kwok.x-k8s.io/node: fake} | untolerated taint kwok.x-k8s.io/node: fake on 4 nodes",
                        "trainingjob.diagnosis.GPUResourceDiagnostics | Insufficient nvidia.com/gpu | "
                                + "insufficient nvidia.com/gpu on 2 nodes",
                        "trainingjob.diagnosis.NodeAvailabilityDiagnostics | node(s) were unschedulable | "
                                + "node cordoned (unschedulable) on 1 node");
        String taintBody = doc.getElementsByTagName("failure").item(0).getTextContent();
        assertThat(taintBody)
                .contains("Nodes (4): fake-node-a800-[01-04]", "  operator: Equal")
                .doesNotContain("kubectl uncordon");
    }

    @Test
    void largeReportsListAllReasonsButCapNodeNames() throws Exception {
        Document doc = HostileStringsTest.parse(new JunitReportRenderer().render(Reports.large(10_000, 30)));
        assertThat(doc.getElementsByTagName("testcase").getLength()).isEqualTo(30);
        assertThat(doc.getElementsByTagName("failure").item(0).getTextContent()).contains("… and ");
    }

    @Test
    void beyondFiveHundredReasonsOneCaseCountsTheRest() throws Exception {
        Document doc = HostileStringsTest.parse(new JunitReportRenderer().render(Reports.large(600, 600)));
        NodeList cases = doc.getElementsByTagName("testcase");
        assertThat(cases.getLength()).isEqualTo(501);
        assertThat(((Element) cases.item(500)).getAttribute("name")).isEqualTo("100 more reasons");
        assertThat(doc.getDocumentElement().getAttribute("failures")).isEqualTo("501");
    }
}
