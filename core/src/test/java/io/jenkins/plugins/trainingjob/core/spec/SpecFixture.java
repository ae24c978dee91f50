package io.jenkins.plugins.trainingjob.core.spec;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** A minimal valid spec per platform, edited field by field to break one rule at a time. */
final class SpecFixture {

    static final String MINIMAL_SENSECORE = """
            platform: sensecore
            display_name: nightly
            framework: PYTORCH
            roles:
              - name: Worker
                resource_spec: [{name: N2lS.Ie.I60.2}]
                total_replicas: 2
                startup_script: python train.py
                image_path: registry.example.com/ml/train:1
            resource_pool: {name: pool-a}
            """;

    static final String MINIMAL_AIHC = """
            platform: aihc
            name: sft-1
            jobSpec:
              image: registry.baidubce.com/ml/train:1
              command: python train.py
              replicas: 1
            """;

    private static final YAMLMapper YAML = new YAMLMapper();

    private final ObjectNode document;

    private SpecFixture(String yaml) {
        this.document = (ObjectNode) yaml(yaml);
    }

    static SpecFixture senseCore() {
        return new SpecFixture(MINIMAL_SENSECORE);
    }

    static SpecFixture aihc() {
        return new SpecFixture(MINIMAL_AIHC);
    }

    static JsonNode yaml(String yaml) {
        try {
            return YAML.readTree(yaml);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String resource(String name) {
        try (InputStream in = SpecFixture.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sets the value at a path such as {@code roles[0].env} to a YAML value ({@code "[1, 2]"}, {@code "x"}). */
    SpecFixture set(String path, String yamlValue) {
        JsonNode value = yaml("v: " + yamlValue).get("v");
        Parent parent = parent(path);
        if (parent.index >= 0) {
            ArrayNode array = (ArrayNode) parent.node;
            while (array.size() <= parent.index) {
                array.addObject();
            }
            array.set(parent.index, value);
        } else {
            ((ObjectNode) parent.node).set(parent.field, value);
        }
        return this;
    }

    SpecFixture remove(String path) {
        Parent parent = parent(path);
        ((ObjectNode) parent.node).remove(parent.field);
        return this;
    }

    ObjectNode document() {
        return document.deepCopy();
    }

    JobSpec load() {
        return JobSpecLoader.load(document(), "job.yaml", Map.of());
    }

    /** The problems reported for this document, as {@code path: message}; empty when valid. */
    List<String> problems() {
        try {
            load();
            return List.of();
        } catch (InvalidSpecException e) {
            return e.problems().stream().map(SpecProblem::toString).toList();
        }
    }

    void isValid() {
        load();
    }

    void failsWith(String... problems) {
        assertThatThrownBy(this::load)
                .isInstanceOfSatisfying(InvalidSpecException.class, e -> org.assertj.core.api.Assertions.assertThat(
                                e.problems().stream().map(SpecProblem::toString))
                        .containsExactly(problems));
    }

    private record Parent(JsonNode node, String field, int index) {}

    private Parent parent(String path) {
        JsonNode node = document;
        String[] steps = path.split("\\.");
        for (int i = 0; i < steps.length; i++) {
            String step = steps[i];
            String field = step.contains("[") ? step.substring(0, step.indexOf('[')) : step;
            int index = step.contains("[")
                    ? Integer.parseInt(step.substring(step.indexOf('[') + 1, step.length() - 1))
                    : -1;
            boolean last = i == steps.length - 1;
            if (last && index < 0) {
                return new Parent(node, field, -1);
            }
            JsonNode child = node.get(field);
            if (child == null) {
                child = index >= 0 ? ((ObjectNode) node).putArray(field) : ((ObjectNode) node).putObject(field);
            }
            if (last) {
                return new Parent(child, null, index);
            }
            if (index >= 0) {
                ArrayNode array = (ArrayNode) child;
                while (array.size() <= index) {
                    array.addObject();
                }
                child = array.get(index);
            }
            node = child;
        }
        throw new IllegalArgumentException(path);
    }
}
