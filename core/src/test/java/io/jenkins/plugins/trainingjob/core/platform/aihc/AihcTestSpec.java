package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.UncheckedSpecs;

/** An AIHC job spec straight from a create body: the client needs only platform, name and body. */
final class AihcTestSpec {

    private static final ObjectMapper JSON = new ObjectMapper();

    private AihcTestSpec() {}

    static JobSpec of(String json) {
        try {
            return UncheckedSpecs.of(PlatformKind.AIHC, (ObjectNode) JSON.readTree(json));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
