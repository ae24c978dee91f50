package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which custom endpoints a connection that an administrator did not configure may call (security review
 * S1): in Jenkins, inline settings of a step make the <em>controller</em> send signed requests, so a job
 * author must not be able to point it at any host its network reaches.
 *
 * <p>One entry per line ({@code #} starts a comment):
 * <ul>
 *   <li>{@code aihc-gw.corp.example}: that host over https; {@code aihc-gw.corp.example:8443} only that port;</li>
 *   <li>{@code *.corp.example}: any host under that domain; {@code *}: any host;</li>
 *   <li>{@code http://sim.corp.example:8080}: that host over plain http too (the explicit opt-in).</li>
 * </ul>
 * A public regional endpoint ({@code https://aihc.<region>.baidubce.com},
 * {@code https://aec2.<region>.sensecoreapi.cn} of a known region) is always allowed. Loopback,
 * link-local, unspecified and cloud metadata addresses, and numeric hosts in any other form than a
 * dotted quad, are allowed only by an entry that names them exactly: no wildcard reaches them. Host names
 * are compared as text, never resolved, so the check cannot be raced; a name an administrator allows is
 * trusted to resolve where they meant.
 */
public final class EndpointAllowList {

    /** The setting's name, for messages. */
    public static final String FIELD = "allowedEndpoints";

    private static final Pattern ENTRY = Pattern.compile(
            "(?:(https?)://)?(\\*|\\*\\.[a-z0-9.-]+|[a-z0-9.-]+|\\[[0-9a-f:.]+\\])(?::([0-9]{1,5}))?/?");
    private static final Pattern DOTTED_QUAD = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern NUMERIC_PART = Pattern.compile("[0-9]+|0x[0-9a-f]*");
    private static final List<String> METADATA_HOSTS = List.of(
            "metadata",
            "metadata.google.internal",
            "metadata.goog",
            "100.100.100.200",
            "fd00:ec2::254",
            "169.254.169.254");

    private record Entry(boolean plainHttp, String host, Integer port) {
        boolean wildcard() {
            return host.startsWith("*");
        }

        boolean matchesHost(String h) {
            if (host.equals("*")) {
                return true;
            }
            return host.startsWith("*.") ? h.endsWith(host.substring(1)) : host.equals(h);
        }
    }

    private final List<Entry> entries;

    private EndpointAllowList(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** The empty list: only public regional endpoints. */
    public static EndpointAllowList none() {
        return new EndpointAllowList(List.of());
    }

    /**
     * Reads the setting's text.
     *
     * @throws InvalidInputException naming {@link #FIELD} and every line that is not an entry
     */
    public static EndpointAllowList parse(String text) {
        List<Entry> entries = new ArrayList<>();
        List<String> bad = new ArrayList<>();
        if (text != null) {
            String[] lines = text.split("\\R");
            for (int i = 0; i < lines.length; i++) {
                String line = lines[i];
                int hash = line.indexOf('#');
                String t = (hash >= 0 ? line.substring(0, hash) : line).trim().toLowerCase(Locale.ROOT);
                if (t.isEmpty()) {
                    continue;
                }
                var m = ENTRY.matcher(t);
                Integer port = m.matches() && m.group(3) != null ? Integer.valueOf(m.group(3)) : null;
                if (!m.matches() || (port != null && (port < 1 || port > 65535))) {
                    bad.add("line " + (i + 1) + " '" + ConsoleText.strip(line.trim(), 80) + "'");
                    continue;
                }
                entries.add(new Entry("http".equals(m.group(1)), m.group(2), port));
            }
        }
        if (!bad.isEmpty()) {
            throw InvalidInputException.of(
                    FIELD,
                    String.join(", ", bad) + ": not a host entry; write one per "
                            + "line a host (aihc-gw.corp.example), a domain (*.corp.example) or *, optionally with :port, "
                            + "and http:// in front to allow plain http to it");
        }
        return new EndpointAllowList(entries);
    }

    /** True when no entry is listed. */
    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /**
     * Why {@code endpoint} may not be called by settings this list governs, or empty when it may.
     * {@code null} (a region's public endpoint) is always allowed.
     */
    public Optional<String> refusal(PlatformKind platform, URI endpoint) {
        if (endpoint == null || isPublicRegional(platform, endpoint)) {
            return Optional.empty();
        }
        String host = host(endpoint);
        if (host.isEmpty()) {
            // java.net.URI has no host for some forms OkHttp still reads as one (http://127.1): refuse them all.
            return Optional.of(
                    "'" + ConsoleText.strip(endpoint.toString(), 200) + "' has no host name this check can read");
        }
        boolean http = "http".equalsIgnoreCase(endpoint.getScheme());
        int port = port(endpoint);
        boolean special = isSpecial(host);
        String httpOnly = null;
        for (Entry e : entries) {
            if ((special && e.wildcard()) || !e.matchesHost(host) || (e.port() != null && e.port() != port)) {
                continue;
            }
            if (http && !e.plainHttp() && !ConnectionSettingsValidator.isLoopback(host)) {
                httpOnly = "plain http to " + host + " is not allowed: list it as http://" + host
                        + (e.port() != null ? ":" + e.port() : "") + " to allow it";
                continue; // another entry may allow plain http to it
            }
            return Optional.empty();
        }
        if (httpOnly != null) {
            return Optional.of(httpOnly);
        }
        if (special) {
            return Optional.of(host + " is a loopback, link-local, metadata or numeric address: it is allowed "
                    + "only when listed exactly, never by a wildcard");
        }
        return Optional.of(host + " is not listed");
    }

    /** Whether an entry allows plain http to {@code endpoint} (the explicit opt-in core asks for). */
    public boolean allowsPlainHttp(URI endpoint) {
        if (endpoint == null || !"http".equalsIgnoreCase(endpoint.getScheme())) {
            return false;
        }
        String host = host(endpoint);
        if (host.isEmpty()) {
            return false;
        }
        boolean special = isSpecial(host);
        int port = port(endpoint);
        return entries.stream()
                .anyMatch(e -> e.plainHttp()
                        && !(special && e.wildcard())
                        && e.matchesHost(host)
                        && (e.port() == null || e.port() == port));
    }

    /** {@code https://aihc.<known region>.baidubce.com} or {@code https://aec2.<known region>.sensecoreapi.cn}. */
    static boolean isPublicRegional(PlatformKind platform, URI endpoint) {
        if (!"https".equalsIgnoreCase(endpoint.getScheme())
                || (endpoint.getPort() != -1 && endpoint.getPort() != 443)
                || endpoint.getUserInfo() != null) {
            return false;
        }
        return KnownRegions.of(platform).isPublicHost(host(endpoint));
    }

    /**
     * Loopback, unspecified, link-local ({@code 169.254.0.0/16}, {@code fe80::/10}), cloud metadata, and
     * numeric hosts that are not a canonical dotted quad ({@code 2130706433}, {@code 0x7f.1}, {@code 127.1}),
     * which resolvers read as addresses.
     */
    static boolean isSpecial(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (ConnectionSettingsValidator.isLoopback(host) || METADATA_HOSTS.contains(h)) {
            return true;
        }
        if (h.contains(":")) {
            return h.equals("::") || h.matches("fe[89ab][0-9a-f]?:.*") || h.startsWith("::ffff:");
        }
        String[] parts = h.split("\\.", -1);
        boolean numeric = parts.length <= 4;
        for (String part : parts) {
            numeric &= NUMERIC_PART.matcher(part).matches();
        }
        if (!numeric) {
            return false; // a name
        }
        var quad = DOTTED_QUAD.matcher(h);
        if (!quad.matches()) {
            return true; // 2130706433, 127.1, 0x7f.0.0.1: resolvers read these as addresses
        }
        int[] octets = new int[4];
        for (int i = 0; i < 4; i++) {
            String part = quad.group(i + 1);
            octets[i] = Integer.parseInt(part);
            if (octets[i] > 255 || (part.length() > 1 && part.startsWith("0"))) {
                return true; // 0177.0.0.1 is octal to inet_aton
            }
        }
        return octets[0] == 0 || octets[0] == 127 || (octets[0] == 169 && octets[1] == 254);
    }

    private static String host(URI endpoint) {
        String h = endpoint.getHost();
        return h == null ? "" : h.toLowerCase(Locale.ROOT).replaceAll("\\.$", "");
    }

    private static int port(URI endpoint) {
        if (endpoint.getPort() != -1) {
            return endpoint.getPort();
        }
        return "http".equalsIgnoreCase(endpoint.getScheme()) ? 80 : 443;
    }

    @Override
    public String toString() {
        return "EndpointAllowList" + entries;
    }
}
