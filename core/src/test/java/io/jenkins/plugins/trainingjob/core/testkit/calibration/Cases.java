package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every (job, look) a walk asked about, and each predictor's answer to each, in the same order: the
 * answers of two predictors to one case are paired by position.
 */
public final class Cases {

    /** One job at one look, with its real wait from the submit. */
    public record Case(Look look, String job, Instant submitted, long realWait) {}

    private final List<Case> cases = new ArrayList<>();
    private final Map<String, List<Prediction>> answers = new LinkedHashMap<>();

    public Cases(List<String> predictors) {
        for (String p : predictors) {
            answers.put(p, new ArrayList<>());
        }
    }

    /** @param predictions one per predictor, in the order given to the constructor, counted from the submit */
    public void add(Case c, List<Prediction> predictions) {
        if (predictions.size() != answers.size()) {
            throw new IllegalArgumentException("one prediction per predictor");
        }
        cases.add(c);
        int k = 0;
        for (List<Prediction> a : answers.values()) {
            a.add(predictions.get(k++));
        }
    }

    public List<Case> cases() {
        return cases;
    }

    public List<String> predictors() {
        return List.copyOf(answers.keySet());
    }

    public List<Prediction> answers(String predictor) {
        List<Prediction> a = answers.get(predictor);
        if (a == null) {
            throw new IllegalArgumentException("no predictor " + predictor);
        }
        return a;
    }

    /** The cases {@code which} keeps, with every predictor's answers to them. */
    public Cases select(Predicate<Case> which) {
        Cases out = new Cases(predictors());
        for (int i = 0; i < cases.size(); i++) {
            if (which.test(cases.get(i))) {
                List<Prediction> row = new ArrayList<>();
                for (List<Prediction> a : answers.values()) {
                    row.add(a.get(i));
                }
                out.add(cases.get(i), row);
            }
        }
        return out;
    }
}
