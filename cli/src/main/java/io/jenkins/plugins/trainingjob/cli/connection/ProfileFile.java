package io.jenkins.plugins.trainingjob.cli.connection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.output.ReportFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads {@code ~/.config/trainjob/config.yaml} (or {@code $XDG_CONFIG_HOME/trainjob/config.yaml}, or the
 * file {@code TRAINJOB_CONFIG} names):
 *
 * <pre>
 * platform: aihc          # top level: the default profile
 * region: bj
 * accessKey: ...
 * secretKey: ...
 * profiles:
 *   sh:                   # --profile sh overlays these
 *     platform: sensecore
 *     region: cn-sh-01
 * </pre>
 *
 * Because it may hold a secret and says where requests go, a file that group or others can read or write,
 * that sits in a directory they can write, or that another user owns is refused, with the fix.
 */
final class ProfileFile {

    static final Set<String> KEYS = Set.of(
            "platform",
            "region",
            "endpoint",
            "resourcePool",
            "queue",
            "subscription",
            "resourceGroup",
            "zone",
            "workspace",
            "accessKey",
            "secretKey",
            "securityToken",
            "connectTimeout",
            "readTimeout",
            "callTimeout",
            "insecureHttp",
            "senseCoreSignature");

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private ProfileFile() {}

    static Path location(CliEnvironment env) {
        String explicit = env.variable("TRAINJOB_CONFIG");
        if (explicit != null) {
            return Path.of(explicit);
        }
        String xdg = env.variable("XDG_CONFIG_HOME");
        Path base = xdg != null ? Path.of(xdg) : env.home().resolve(".config");
        return base.resolve("trainjob").resolve("config.yaml");
    }

    /**
     * Loads the selected profile; {@link Profile#NONE} when there is no file and no profile was asked for.
     *
     * @param profileName a named profile, or {@code null} for the top level
     */
    static Profile load(CliEnvironment env, String profileName) {
        Path file = location(env);
        if (!Files.isRegularFile(file)) {
            if (env.variable("TRAINJOB_CONFIG") != null) {
                // A file the user named explicitly is never skipped silently.
                throw CliException.invalidInput("TRAINJOB_CONFIG names " + file + ", but "
                        + (Files.isDirectory(file) ? "it is a directory" : "there is no such file"));
            }
            if (profileName != null) {
                throw CliException.invalidInput(
                        "profile '" + profileName + "' asked for, but there is no profile file " + file);
            }
            return Profile.NONE;
        }
        refuseUnlessPrivate(file);
        JsonNode root;
        try {
            root = YAML.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            var where = e.getLocation();
            throw CliException.invalidInput(file + ": not valid YAML"
                    + (where == null || where.getLineNr() < 1
                            ? ""
                            : " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")")
                    + ": "
                    + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw CliException.invalidInput(file + ": cannot read the profile file: " + ReportFiles.reason(e));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return new Profile(Map.of(), file);
        }
        if (!root.isObject()) {
            throw CliException.invalidInput(file + ": expected a mapping of settings at the top level");
        }
        Map<String, String> values = new LinkedHashMap<>(settings(file, "", root));
        if (profileName != null) {
            JsonNode named = root.path("profiles").get(profileName);
            if (named == null || !named.isObject()) {
                Set<String> known = new TreeSet<>();
                root.path("profiles").fieldNames().forEachRemaining(known::add);
                throw CliException.invalidInput(file + ": no profile '" + profileName + "' under 'profiles'"
                        + (known.isEmpty() ? "" : " (known: " + String.join(", ", known) + ")"));
            }
            values.putAll(settings(file, "profiles." + profileName + ".", named));
        }
        return new Profile(values, file);
    }

    private static Map<String, String> settings(Path file, String prefix, JsonNode node) {
        Map<String, String> values = new LinkedHashMap<>();
        var fields = node.fields();
        while (fields.hasNext()) {
            var e = fields.next();
            String key = e.getKey();
            if (prefix.isEmpty() && key.equals("profiles")) {
                continue;
            }
            if (!KEYS.contains(key)) {
                String hint = io.jenkins.plugins.trainingjob.core.spec.ClosestName.among(key, KEYS)
                        .map(k -> "did you mean '" + k + "'? ")
                        .orElse("");
                throw CliException.invalidInput(file + ": " + prefix + key + ": unknown setting (" + hint + "known: "
                        + String.join(", ", new TreeSet<>(KEYS)) + ")");
            }
            if (!e.getValue().isValueNode()) {
                throw CliException.invalidInput(file + ": " + prefix + key + ": must be a single value");
            }
            values.put(key, e.getValue().asText());
        }
        return values;
    }

    /**
     * OpenSSH's StrictModes for the profile: it may hold a secret (so nobody else may read it), and it says
     * where requests and specs go and whose keys sign them (so nobody else may change it). A file group or
     * others can read or write, one in a directory they can write (they could replace it), or one owned by
     * another user is refused, naming the command that fixes it.
     */
    private static void refuseUnlessPrivate(Path file) {
        PosixFileAttributes attributes = posix(file);
        if (attributes == null) {
            return; // not a POSIX file system: nothing we can check
        }
        Set<PosixFilePermission> perms = attributes.permissions();
        if (perms.contains(PosixFilePermission.GROUP_READ) || perms.contains(PosixFilePermission.OTHERS_READ)) {
            throw CliException.invalidInput(file + " is readable by group or others and may hold secrets; "
                    + "restrict it with: chmod 600 " + file);
        }
        if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
            throw CliException.invalidInput(file + " is writable by group or others, who could point your keys "
                    + "at another endpoint; restrict it with: chmod 600 " + file);
        }
        UserPrincipal me = currentUser(file);
        if (me != null && !me.equals(attributes.owner())) {
            throw CliException.invalidInput(
                    file + " is owned by " + attributes.owner().getName() + ", not by you ("
                            + me.getName() + "), and says where your keys sign requests; take it over with: chown "
                            + me.getName() + " " + file + " (or use a profile of your own)");
        }
        Path dir = file.toAbsolutePath().getParent();
        PosixFileAttributes dirAttributes = dir == null ? null : posix(dir);
        if (dirAttributes != null
                && (dirAttributes.permissions().contains(PosixFilePermission.GROUP_WRITE)
                        || dirAttributes.permissions().contains(PosixFilePermission.OTHERS_WRITE))) {
            throw CliException.invalidInput(dir + " is writable by group or others, who could replace "
                    + file.getFileName() + " in it; restrict it with: chmod go-w " + dir);
        }
    }

    private static PosixFileAttributes posix(Path path) {
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
        if (view == null) {
            return null;
        }
        try {
            return view.readAttributes();
        } catch (IOException e) {
            throw CliException.invalidInput("cannot read the permissions of " + path + ": " + e.getMessage());
        }
    }

    /** The user running the CLI, or {@code null} when the file system cannot say (then ownership is not checked). */
    private static UserPrincipal currentUser(Path file) {
        String name = System.getProperty("user.name");
        if (name == null || name.isBlank()) {
            return null;
        }
        try {
            return file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(name);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
