package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import okhttp3.Dns;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;

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
 * dotted quad, are allowed only by an entry that names them exactly: no wildcard reaches them.
 *
 * <p>Address literals are classified by value, as OkHttp will connect to them, never by their spelling:
 * the host is canonicalized as OkHttp does ({@code [0:0:0:0:0:ffff:a9fe:a9fe]} is {@code 169.254.169.254},
 * {@code [0::1]} is {@code [::1]}) and its bytes are judged, including IPv4 addresses inside IPv6 ones
 * (mapped, compatible, NAT64, 6to4; security review 2, N5). Host names are compared as text; a name that
 * only a wildcard allows is also resolved through {@link #dns()}, which drops those addresses from the
 * answer, so neither a name that points at them ({@code 169.254.169.254.nip.io}) nor a rebinding resolver
 * reaches them through {@code *}. A name an administrator lists exactly is trusted to resolve where they
 * meant. Through a proxy the proxy resolves names, and this last check is the proxy's.
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

    private static final byte[] AWS_IPV6_METADATA_PREFIX = {(byte) 0xfd, 0x00, 0x0e, (byte) 0xc2};

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
                entries.add(new Entry("http".equals(m.group(1)), canonical(m.group(2)), port));
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
     * Loopback, unspecified, link-local ({@code 169.254.0.0/16}, {@code fe80::/10}), multicast, cloud
     * metadata, any of these inside an IPv6 address, and numeric hosts that are not a canonical dotted quad
     * ({@code 2130706433}, {@code 0x7f.1}, {@code 127.1}), which resolvers read as addresses.
     *
     * @param host a canonical host ({@link #canonical}): a name, a dotted quad or a bracketed IPv6 address
     */
    static boolean isSpecial(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (ConnectionSettingsValidator.isLoopback(host) || METADATA_HOSTS.contains(h)) {
            return true;
        }
        if (h.contains(":")) {
            Optional<InetAddress> literal = ipv6Literal(h);
            return literal.isEmpty() || isSpecial(literal.get()); // an IPv6 literal OkHttp did not read is refused
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
        byte[] octets = new byte[4];
        for (int i = 0; i < 4; i++) {
            String part = quad.group(i + 1);
            int value = Integer.parseInt(part);
            if (value > 255 || (part.length() > 1 && part.startsWith("0"))) {
                return true; // 0177.0.0.1 is octal to inet_aton
            }
            octets[i] = (byte) value;
        }
        return isSpecialIpv4(octets);
    }

    /**
     * Whether an address (a literal's, or one a name resolved to) is one no wildcard reaches: loopback,
     * unspecified, link-local, multicast, a metadata address ({@code 169.254.169.254},
     * {@code 100.100.100.200}, {@code fd00:ec2::/32}), or an IPv6 address carrying one of the IPv4 ones
     * (IPv4-mapped {@code ::ffff:0:0/96}, IPv4-compatible {@code ::/96}, NAT64 {@code 64:ff9b::/96}, 6to4
     * {@code 2002::/16}).
     */
    static boolean isSpecial(InetAddress address) {
        if (address.isLoopbackAddress()
                || address.isAnyLocalAddress()
                || address.isLinkLocalAddress()
                || address.isMulticastAddress()) {
            return true;
        }
        byte[] b = address.getAddress();
        if (b.length == 4) {
            return isSpecialIpv4(b);
        }
        if (Arrays.equals(Arrays.copyOf(b, 4), AWS_IPV6_METADATA_PREFIX)) {
            return true;
        }
        boolean zeros80 = allZero(b, 0, 10);
        if (zeros80 && ((b[10] == (byte) 0xff && b[11] == (byte) 0xff) || allZero(b, 10, 12))) {
            return isSpecialIpv4(Arrays.copyOfRange(b, 12, 16)); // mapped, compatible
        }
        if (b[0] == 0x00 && b[1] == 0x64 && b[2] == (byte) 0xff && b[3] == (byte) 0x9b && allZero(b, 4, 12)) {
            return isSpecialIpv4(Arrays.copyOfRange(b, 12, 16)); // NAT64 well-known prefix
        }
        if (b[0] == 0x20 && b[1] == 0x02) {
            return isSpecialIpv4(Arrays.copyOfRange(b, 2, 6)); // 6to4
        }
        return false;
    }

    private static boolean isSpecialIpv4(byte[] o) {
        int a = o[0] & 0xff;
        int b = o[1] & 0xff;
        return a == 0
                || a == 127
                || (a == 169 && b == 254)
                || a >= 224 // multicast and reserved, 255.255.255.255 included
                || (a == 100 && b == 100 && (o[2] & 0xff) == 100 && (o[3] & 0xff) == 200);
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** An IPv6 literal's address, parsed without any look-up; empty when it is not one. */
    private static Optional<InetAddress> ipv6Literal(String h) {
        if (!h.matches("[0-9a-f:.]+")) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName("[" + h + "]")); // a literal: no name service is asked
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    /**
     * The host as OkHttp connects to it: lower case, without a trailing dot, and an IPv6 literal in
     * OkHttp's canonical form ({@code [0::1]} is {@code [::1]}, an IPv4-mapped one its dotted quad).
     */
    static String canonical(String host) {
        String h = host.toLowerCase(Locale.ROOT).replaceAll("\\.$", "");
        if (h.startsWith("[") && h.endsWith("]")) {
            HttpUrl url = HttpUrl.parse("http://" + h + "/");
            if (url != null) {
                String c = url.host();
                return c.contains(":") ? "[" + c + "]" : c;
            }
        }
        return h;
    }

    /**
     * The name service for clients whose settings this list governs: a name only a wildcard allows resolves
     * to its addresses minus the ones no wildcard reaches ({@link #isSpecial(InetAddress)}); when none is
     * left, the look-up fails saying why. A name an entry lists exactly resolves as the system resolves it.
     * Checked at every connection, so a resolver that answers differently the second time (DNS rebinding)
     * gains nothing.
     */
    Dns dns() {
        return hostname -> {
            List<InetAddress> all = Dns.SYSTEM.lookup(hostname);
            String h = canonical(hostname);
            if (entries.stream().anyMatch(e -> !e.wildcard() && e.host().equals(h))) {
                return all;
            }
            List<InetAddress> allowed = all.stream().filter(a -> !isSpecial(a)).toList();
            if (allowed.isEmpty()) {
                throw new UnknownHostException(ConsoleText.strip(hostname, 200) + " resolves only to loopback,"
                        + " link-local, metadata or other addresses no wildcard of " + FIELD + " reaches");
            }
            return allowed;
        };
    }

    /**
     * {@code settings} whose clients resolve names through {@link #dns()}: for the connections a job author
     * wrote (inline settings), after {@link #refusal} allowed their endpoint. Configured connections keep
     * their settings (an administrator wrote them).
     */
    public ConnectionSettings guarded(ConnectionSettings settings) {
        Dns dns = dns();
        UnaryOperator<OkHttpClient.Builder> earlier = settings.http().clientBuilderHook();
        UnaryOperator<OkHttpClient.Builder> hook = b -> (earlier == null ? b : earlier.apply(b)).dns(dns);
        return settings.withHttp(settings.http().withClientBuilderHook(hook));
    }

    /** The endpoint's host as OkHttp reads and connects to it ({@link #canonical}); empty when it has none. */
    private static String host(URI endpoint) {
        HttpUrl url = HttpUrl.parse(endpoint.toString());
        String h = url != null ? url.host() : endpoint.getHost();
        if (h == null) {
            return "";
        }
        return canonical(h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h);
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
