package io.jenkins.plugins.trainingjob.core.spec;

import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules for an AIHC v1 create body. Where the documentation states a rule it is applied as
 * stated; where it is silent (the job name's character set, image references) only what would
 * certainly fail is refused, so that valid jobs are never blocked by a guess.
 */
final class AihcSpecRules {

    static final List<String> FRAMEWORKS = List.of("PyTorchJob", "MPIJob");
    static final List<String> PRIORITIES = List.of("high", "normal", "low");
    /** The union of the types in the v1 Go SDK (pfsl1, pfsl2, emptydir, hostpath, cfs, dataset) and docs. */
    static final List<String> DATASOURCE_TYPES =
            List.of("pfs", "pfsl1", "pfsl2", "cfs", "bos", "rapidfs", "dataset", "emptydir", "hostpath");

    static final List<String> ALERT_ITEMS =
            List.of("jobRunning", "jobFT", "nodeFT", "jobFailed", "jobSucceed", "jobHang");

    /** A positive amount of minutes, hours or days: {@code 30m}, {@code 12h}, {@code 7d}. */
    private static final Pattern DURATION = Pattern.compile("[1-9][0-9]*[mhd]");

    private static final Pattern NO_SPACE = Pattern.compile("[^\\s\\p{Cntrl}]+");

    private final ValidationProblems problems = new ValidationProblems();

    private AihcSpecRules() {}

    static List<SpecProblem> check(AihcJobSpec spec) {
        AihcSpecRules rules = new AihcSpecRules();
        rules.checkTopLevel(spec);
        rules.checkJobSpec(spec.jobSpec(), spec.enableBccl());
        rules.checkLabels(spec.labels());
        rules.checkDatasources(spec.datasources());
        rules.checkFaultTolerance(spec);
        rules.checkExtras(spec);
        return rules.problems.list();
    }

    private void checkTopLevel(AihcJobSpec spec) {
        // The API only says "job name"; no whitespace is the least that survives as a Kubernetes label.
        if (problems.required("name", spec.name().isEmpty() ? null : spec.name())
                && !NO_SPACE.matcher(spec.name()).matches()) {
            problems.add("name", "must not contain spaces or control characters");
        }
        if (spec.queue() != null) {
            problems.required("queue", spec.queue());
        }
        problems.oneOf("jobFramework", spec.jobFramework(), FRAMEWORKS);
        problems.oneOf("priority", spec.priority(), PRIORITIES);
    }

    private void checkJobSpec(AihcJobSpec.TaskSpec jobSpec, Boolean enableBccl) {
        if (jobSpec == null) {
            problems.add("jobSpec", "required: the image, command, replicas and resources of the job");
            return;
        }
        problems.required("jobSpec.command", jobSpec.command());
        if (problems.required("jobSpec.image", jobSpec.image())
                && !NO_SPACE.matcher(jobSpec.image()).matches()) {
            problems.add("jobSpec.image", "must not contain spaces or control characters");
        }
        if (jobSpec.imageConfig() != null) {
            problems.required(
                    "jobSpec.imageConfig.username", jobSpec.imageConfig().username());
            problems.required(
                    "jobSpec.imageConfig.password", jobSpec.imageConfig().password());
        }
        if (problems.required("jobSpec.replicas", jobSpec.replicas())) {
            problems.atLeast("jobSpec.replicas", jobSpec.replicas(), 1);
        }
        for (int i = 0; i < jobSpec.resources().size(); i++) {
            String path = SpecPath.index("jobSpec.resources", i);
            AihcJobSpec.Resource resource = jobSpec.resources().get(i);
            problems.required(SpecPath.field(path, "name"), resource.name());
            String quantityPath = SpecPath.field(path, "quantity");
            if (problems.required(quantityPath, resource.quantity())
                    && resource.quantity().compareTo(BigDecimal.ZERO) <= 0) {
                problems.add(
                        quantityPath,
                        "must be greater than 0 (found " + resource.quantity().toPlainString() + ")");
            }
        }
        for (int i = 0; i < jobSpec.envs().size(); i++) {
            String namePath = SpecPath.field(SpecPath.index("jobSpec.envs", i), "name");
            String name = jobSpec.envs().get(i).name();
            if (problems.required(namePath, name) && name.equals(OutputNonce.ENV)) {
                problems.add(
                        namePath,
                        OutputNonce.ENV + " is set by trainjob when it creates the job (a new random value each"
                                + " attempt, for the trainjob-output lines); leave it out of the spec");
            }
        }
        if (Boolean.TRUE.equals(enableBccl)) {
            if (jobSpec.replicas() != null && jobSpec.replicas() < 2) {
                problems.add(
                        "enableBccl", "needs at least 2 replicas (jobSpec.replicas is " + jobSpec.replicas() + ")");
            }
            if (!Boolean.TRUE.equals(jobSpec.enableRDMA())) {
                problems.add("enableBccl", "needs RDMA: set jobSpec.enableRDMA to true");
            }
        }
    }

    private void checkLabels(List<AihcJobSpec.Label> labels) {
        for (int i = 0; i < labels.size(); i++) {
            String path = SpecPath.index("labels", i);
            problems.required(SpecPath.field(path, "key"), labels.get(i).key());
            if (labels.get(i).value() == null) {
                problems.add(SpecPath.field(path, "value"), "required");
            }
        }
    }

    private void checkDatasources(List<AihcJobSpec.Datasource> datasources) {
        for (int i = 0; i < datasources.size(); i++) {
            AihcJobSpec.Datasource datasource = datasources.get(i);
            String path = SpecPath.index("datasources", i);
            String type = datasource.type();
            if (problems.required(SpecPath.field(path, "type"), type)) {
                problems.oneOf(SpecPath.field(path, "type"), type, DATASOURCE_TYPES);
            }
            absolutePath(SpecPath.field(path, "mountPath"), datasource.mountPath(), true);
            if ("hostpath".equals(type)) {
                absolutePath(SpecPath.field(path, "sourcePath"), datasource.sourcePath(), true);
            } else if ("dataset".equals(type)) {
                // bce-sdk-go: a dataset is named by its id ("数据集ID"); older docs name it in name.
                if (isBlank(datasource.id()) && isBlank(datasource.name())) {
                    problems.add(SpecPath.field(path, "id"), "required for type dataset: the dataset id (or name)");
                }
            } else if (!"emptydir".equals(type)) {
                // Storage-backed types name the file system or dataset to mount (e.g. pfs-7xWeAt).
                problems.required(SpecPath.field(path, "name"), datasource.name());
            }
            if (datasource.options() != null) {
                AihcJobSpec.DatasourceOptions options = datasource.options();
                problems.atLeast(SpecPath.field(path, "options.sizeLimit"), options.sizeLimit(), 1);
                if (!"cfs".equals(type)) {
                    for (String cfsField : new String[] {"cfsInstanceId", "cfsMountPoint"}) {
                        String value =
                                cfsField.equals("cfsInstanceId") ? options.cfsInstanceId() : options.cfsMountPoint();
                        if (value != null) {
                            problems.add(
                                    SpecPath.field(path, "options." + cfsField),
                                    "only for type cfs (type is " + (type == null ? "not set" : "'" + type + "'")
                                            + ")");
                        }
                    }
                }
            }
        }
    }

    private void checkNodeAffinity(String path, List<String> terms) {
        for (int i = 0; i < terms.size(); i++) {
            problems.required(SpecPath.index(path, i), terms.get(i));
        }
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    private void checkFaultTolerance(AihcJobSpec spec) {
        AihcJobSpec.FaultToleranceConfig config = spec.faultToleranceConfig();
        if (config != null && spec.faultToleranceArgs() != null) {
            problems.add("faultToleranceArgs", "set either faultToleranceArgs or faultToleranceConfig, not both");
        }
        if (config != null) {
            problems.atLeast(
                    "faultToleranceConfig.hangDetectionTimeoutMinutes", config.hangDetectionTimeoutMinutes(), 1);
            problems.atLeast("faultToleranceConfig.faultToleranceLimit", config.faultToleranceLimit(), 0);
        }
    }

    private void checkExtras(AihcJobSpec spec) {
        AihcJobSpec.TensorboardConfig tensorboard = spec.tensorboardConfig();
        if (tensorboard != null) {
            absolutePath("tensorboardConfig.logPath", tensorboard.logPath(), Boolean.TRUE.equals(tensorboard.enable()));
        }
        if (spec.codeSource() != null) {
            absolutePath("codeSource.mountPath", spec.codeSource().mountPath(), false);
        }
        AihcJobSpec.AlertConfig alert = spec.alertConfig();
        if (alert != null) {
            problems.required("alertConfig.instanceId", alert.instanceId());
            problems.required("alertConfig.notifyRuleId", alert.notifyRuleId());
            if (alert.alertItems().isEmpty()) {
                problems.add("alertConfig.alertItems", "required: at least one of " + String.join(", ", ALERT_ITEMS));
            }
            for (int i = 0; i < alert.alertItems().size(); i++) {
                problems.oneOf(
                        SpecPath.index("alertConfig.alertItems", i),
                        alert.alertItems().get(i),
                        ALERT_ITEMS);
            }
        }
        checkNodeAffinity("requiredNodeAffinity", spec.requiredNodeAffinity());
        checkNodeAffinity("preferredNodeAffinity", spec.preferredNodeAffinity());
        duration("runningTimeoutStopTimeUnit", spec.runningTimeoutStopTimeUnit());
        duration("retentionPeriod", spec.retentionPeriod());
    }

    private void duration(String path, String value) {
        if (value != null && !DURATION.matcher(value).matches()) {
            problems.add(path, "must be a whole number of minutes, hours or days, such as 30m, 12h or 7d");
        }
    }

    private void absolutePath(String path, String value, boolean required) {
        if (value == null && !required) {
            return;
        }
        if (problems.required(path, value) && !value.startsWith("/")) {
            problems.add(path, "must be an absolute path (start with '/')");
        }
    }
}
