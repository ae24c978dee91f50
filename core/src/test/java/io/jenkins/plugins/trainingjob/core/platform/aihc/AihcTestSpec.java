package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/** An AIHC job spec straight from a create body: the client needs only platform, name and body. */
record AihcTestSpec(ObjectNode node) implements JobSpec {

    private static final ObjectMapper JSON = new ObjectMapper();

    static AihcTestSpec of(String json) {
        try {
            return new AihcTestSpec((ObjectNode) JSON.readTree(json));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Override
    public PlatformKind platform() {
        return PlatformKind.AIHC;
    }

    @Override
    public String name() {
        return node.path("name").asText();
    }

    @Override
    public ObjectNode body() {
        return node.deepCopy();
    }
}
