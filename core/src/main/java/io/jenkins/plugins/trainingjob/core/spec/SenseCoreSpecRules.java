package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** The rules the SenseCore ACP v2 API documents for a TrainingJob create body. */
final class SenseCoreSpecRules {

    static final List<String> FRAMEWORKS = List.of(
            "FRAMEWORK_UNSPECIFIED",
            "MPI",
            "PYTORCH",
            "PYTORCH_DDP",
            "TENSORFLOW",
            "TENSORFLOW_PS",
            "SENSEPARROTS",
            "SENSEPARROTS_DDP");
    static final List<String> MOUNT_TYPES =
            List.of("MOUNT_TYPE_UNSPECIFIED", "PV_AFS", "PV_ACS", "PV_AFS_MODEL", "PV_AFS_TENSORBOARD");
    static final List<String> PRIORITIES = List.of("PRIORITY_UNSPECIFIED", "NORMAL", "HIGH", "HIGHEST");
    static final List<String> QUOTA_TYPES = List.of("JOB_QUOTA_TYPE_UNSPECIFIED", "RESERVED", "SPOT");
    static final List<String> SCORING_STRATEGIES = List.of("MOST_ALLOCATED", "LEAST_ALLOCATED");
    static final List<String> ACTIONS = List.of("RESTART_JOB", "RESTART_POD", "FAIL_JOB");
    /** The API's limit; a spec may use one less ({@link SenseCoreJobSpec#CLIENT_TOKEN_ENV}). */
    static final int MAX_ENV = 10;

    static final int MAX_RULES = 20;

    private static final Pattern NAME = Pattern.compile("[a-z]([a-z0-9-]*[a-z0-9])?");
    /**
     * "CJK character" is read as Han, kana and Hangul; "letter" as a-z and A-Z; "digit" as 0-9. The
     * documentation does not say whether other scripts' letters are allowed, so they are refused.
     */
    private static final String CJK = "\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}";

    private static final Pattern DISPLAY_NAME = Pattern.compile("[" + CJK + "A-Za-z0-9][" + CJK + "A-Za-z0-9.:_-]*");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ValidationProblems problems = new ValidationProblems();

    private SenseCoreSpecRules() {}

    static List<SpecProblem> check(SenseCoreJobSpec spec) {
        SenseCoreSpecRules rules = new SenseCoreSpecRules();
        rules.checkNames(spec);
        rules.checkFramework(spec.framework());
        rules.checkRoles(spec.roles());
        rules.checkEnv(spec.env());
        rules.checkMounts(spec.mount());
        rules.checkTensorboard(spec);
        rules.checkScheduling(spec.scheduling());
        rules.checkResourcePool(spec.resourcePool());
        rules.checkFaultTolerance(spec.faultTolerance());
        rules.checkOptionalParts(spec);
        return rules.problems.list();
    }

    private void checkNames(SenseCoreJobSpec spec) {
        String name = spec.name();
        if (!name.isEmpty()) {
            if (name.length() > 63) {
                problems.add("name", "must be 1-63 characters (found " + name.length() + ")");
            } else if (!NAME.matcher(name).matches()) {
                problems.add(
                        "name",
                        "must start with a lowercase letter, end with a lowercase letter or digit"
                                + " and contain only a-z, 0-9 and '-'");
            }
        }
        String displayName = spec.displayName();
        if (problems.required("display_name", displayName)) {
            int length = displayName.codePointCount(0, displayName.length());
            if (length > 256) {
                problems.add("display_name", "must be 1-256 characters (found " + length + ")");
            } else if (!DISPLAY_NAME.matcher(displayName).matches()) {
                problems.add(
                        "display_name",
                        "must start with a CJK character, letter or digit and contain"
                                + " only CJK characters, letters, digits, '.', ':', '_' and '-'");
            }
        }
    }

    private void checkFramework(String framework) {
        if (problems.required("framework", framework)) {
            problems.oneOf("framework", framework, FRAMEWORKS);
        }
    }

    private void checkRoles(List<SenseCoreJobSpec.Role> roles) {
        if (roles.isEmpty()) {
            problems.add("roles", "required: exactly one role, named Worker");
        } else if (roles.size() != 1) {
            problems.add("roles", "must hold exactly one role, named Worker (found " + roles.size() + ")");
        }
        for (int i = 0; i < roles.size(); i++) {
            checkRole(roles.get(i), SpecPath.index("roles", i));
        }
    }

    private void checkRole(SenseCoreJobSpec.Role role, String path) {
        String namePath = SpecPath.field(path, "name");
        if (problems.required(namePath, role.name()) && !role.name().equals("Worker")) {
            problems.add(namePath, "must be Worker, the only role the platform supports");
        }
        String specsPath = SpecPath.field(path, "resource_spec");
        if (role.resourceSpec().isEmpty()) {
            problems.add(specsPath, "required: at least one resource spec, e.g. {name: N2lS.Ie.I60.2}");
        }
        for (int i = 0; i < role.resourceSpec().size(); i++) {
            SenseCoreJobSpec.ResourceSpec spec = role.resourceSpec().get(i);
            String specPath = SpecPath.index(specsPath, i);
            problems.required(SpecPath.field(specPath, "name"), spec.name());
            if (spec.replicas() != null && role.totalReplicas() != null) {
                problems.add(
                        SpecPath.field(specPath, "replicas"),
                        "not allowed together with total_replicas:"
                                + " remove it (a GET fills it in with the allocated count)");
            }
            problems.atLeast(SpecPath.field(specPath, "replicas"), spec.replicas(), 1);
        }
        String totalPath = SpecPath.field(path, "total_replicas");
        if (role.totalReplicas() == null) {
            if (role.resourceSpec().stream().allMatch(spec -> spec.replicas() == null)) {
                problems.add(totalPath, "required: the number of workers");
            } else {
                problems.add(
                        totalPath,
                        "required: replicas per resource spec (manual strong-heterogeneous"
                                + " scheduling) are not supported, set total_replicas instead");
            }
        }
        problems.atLeast(totalPath, role.totalReplicas(), 1);
        problems.required(SpecPath.field(path, "startup_script"), role.startupScript());
        problems.required(SpecPath.field(path, "image_path"), role.imagePath());
    }

    private void checkEnv(List<SenseCoreJobSpec.Env> env) {
        if (env.size() > MAX_ENV - 1) {
            problems.add(
                    "env",
                    "must hold at most " + (MAX_ENV - 1) + " entries (found " + env.size() + "): the API takes "
                            + MAX_ENV + " and trainjob adds " + SenseCoreJobSpec.CLIENT_TOKEN_ENV
                            + ", the job's identity");
        }
        for (int i = 0; i < env.size(); i++) {
            String path = SpecPath.index("env", i);
            if (problems.required(SpecPath.field(path, "key"), env.get(i).key())
                    && env.get(i).key().equals(SenseCoreJobSpec.CLIENT_TOKEN_ENV)) {
                problems.add(
                        SpecPath.field(path, "key"),
                        SenseCoreJobSpec.CLIENT_TOKEN_ENV + " is set by trainjob when it creates the job (the"
                                + " client token, how a re-run finds the job); leave it out of the spec");
            }
            if (env.get(i).value() == null) {
                problems.add(SpecPath.field(path, "value"), "required");
            }
        }
    }

    private void checkMounts(List<SenseCoreJobSpec.Mount> mounts) {
        for (int i = 0; i < mounts.size(); i++) {
            SenseCoreJobSpec.Mount mount = mounts.get(i);
            String path = SpecPath.index("mount", i);
            if (problems.required(SpecPath.field(path, "type"), mount.type())) {
                problems.oneOf(SpecPath.field(path, "type"), mount.type(), MOUNT_TYPES);
            }
            problems.required(SpecPath.field(path, "id"), mount.id());
            String mountPath = SpecPath.field(path, "mount_path");
            if (problems.required(mountPath, mount.mountPath())
                    && !mount.mountPath().startsWith("/")) {
                problems.add(mountPath, "must be an absolute path (start with '/')");
            }
        }
    }

    private void checkTensorboard(SenseCoreJobSpec spec) {
        if (spec.tensorboard() == null || spec.tensorboard().logPath() == null) {
            return;
        }
        List<String> mountPaths = spec.mount().stream()
                .map(SenseCoreJobSpec.Mount::mountPath)
                .filter(p -> p != null)
                .toList();
        if (!mountPaths.contains(spec.tensorboard().logPath())) {
            problems.add(
                    "tensorboard.log_path",
                    mountPaths.isEmpty()
                            ? "must equal the mount_path of one of the mounts, but the spec has no mount"
                            : "must equal the mount_path of one of the mounts: "
                                    + mountPaths.stream().sorted().distinct().collect(Collectors.joining(", ")));
        }
    }

    private void checkScheduling(SenseCoreJobSpec.Scheduling scheduling) {
        if (scheduling == null) {
            return;
        }
        problems.oneOf("scheduling.priority", scheduling.priority(), PRIORITIES);
        problems.oneOf("scheduling.quota_type", scheduling.quotaType(), QUOTA_TYPES);
        if (scheduling.scoringStrategy() != null) {
            problems.oneOf(
                    "scheduling.scoring_strategy.type",
                    scheduling.scoringStrategy().type(),
                    SCORING_STRATEGIES);
        }
    }

    private void checkResourcePool(SenseCoreJobSpec.ResourcePool pool) {
        if (pool == null) {
            problems.add("resource_pool", "required: the pool to run on, e.g. {name: my-reserved-pool}");
            return;
        }
        problems.required("resource_pool.name", pool.name());
    }

    private void checkFaultTolerance(SenseCoreJobSpec.FaultTolerance faultTolerance) {
        if (faultTolerance == null) {
            return;
        }
        problems.atLeast("fault_tolerance.backoff_limit", faultTolerance.backoffLimit(), -1);
        List<SenseCoreJobSpec.FaultToleranceRule> rules = faultTolerance.rules();
        if (rules.size() > MAX_RULES) {
            problems.add(
                    "fault_tolerance.rules", "must hold at most " + MAX_RULES + " rules (found " + rules.size() + ")");
        }
        for (int i = 0; i < rules.size(); i++) {
            String path = SpecPath.index("fault_tolerance.rules", i);
            problems.oneOf(SpecPath.field(path, "action"), rules.get(i).action(), ACTIONS);
            String exitCodes = rules.get(i).exitCodes();
            if (exitCodes != null) {
                ExitCodeList.check(exitCodes)
                        .ifPresent(message -> problems.add(SpecPath.field(path, "exit_codes"), message));
            }
        }
    }

    private void checkOptionalParts(SenseCoreJobSpec spec) {
        SenseCoreJobSpec.Barrier barrier = spec.barrier();
        if (barrier != null
                && Boolean.FALSE.equals(barrier.enableEthernetPing())
                && Boolean.TRUE.equals(barrier.enableRoceMeshPing())) {
            problems.add("barrier.enable_roce_mesh_ping", "needs enable_ethernet_ping, which is false");
        }
        if (spec.ssh() != null
                && spec.ssh().configMountPath() != null
                && !spec.ssh().configMountPath().startsWith("/")) {
            problems.add("ssh.config_mount_path", "must be an absolute path (start with '/')");
        }
        if (spec.asyncCheckpoint() != null) {
            problems.atLeast(
                    "async_checkpoint.max_ckpt_rounds", spec.asyncCheckpoint().maxCkptRounds(), 1);
        }
        if (spec.lme() != null) {
            problems.atLeast("lme.max_retries", spec.lme().maxRetries(), 0);
        }
        if (spec.fineTuningSpecs() != null) {
            invalidJson(spec.fineTuningSpecs())
                    .ifPresent(reason ->
                            problems.add("fine_tuning_specs", "must be a JSON document in a string: " + reason));
        }
    }

    private static Optional<String> invalidJson(String text) {
        try {
            JSON.readTree(text);
            return text.isBlank() ? Optional.of("it is empty") : Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.of("not valid JSON at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr());
        }
    }
}
