package io.jenkins.plugins.trainingjob.core.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Security review S1: which custom endpoints settings a job author wrote may make the controller call. */
class EndpointAllowListTest {

    private static boolean allowed(EndpointAllowList list, String endpoint) {
        return list.refusal(PlatformKind.AIHC, URI.create(endpoint)).isEmpty();
    }

    @Test
    void withNothingListedOnlyTheRegionsPublicEndpointsAreAllowed() {
        EndpointAllowList none = EndpointAllowList.parse("");

        assertThat(none.refusal(PlatformKind.AIHC, null)).isEmpty();
        assertThat(allowed(none, "https://aihc.bj.baidubce.com")).isTrue();
        assertThat(none.refusal(PlatformKind.SENSECORE, URI.create("https://aec2.cn-sh-01.sensecoreapi.cn")))
                .isEmpty();
        assertThat(allowed(none, "http://aihc.bj.baidubce.com"))
                .as("plain http")
                .isFalse();
        assertThat(allowed(none, "https://aihc.bj.baidubce.com:8443"))
                .as("another port")
                .isFalse();
        assertThat(allowed(none, "https://aihc.nowhere.baidubce.com"))
                .as("an unknown region")
                .isFalse();
        assertThat(none.refusal(PlatformKind.SENSECORE, URI.create("https://aihc.bj.baidubce.com")))
                .as("the other platform's host")
                .isPresent();
        assertThat(none.refusal(PlatformKind.AIHC, URI.create("http://10.0.0.5:8500/v1/kv/x?")))
                .hasValue("10.0.0.5 is not listed");
    }

    @Test
    void listedHostsDomainsAndPortsAreAllowedOverHttps() {
        EndpointAllowList list = EndpointAllowList.parse("""
                # private gateways
                aihc-gw.corp.example
                *.train.corp.example   # every team's
                sim.corp.example:8443
                """);

        assertThat(allowed(list, "https://aihc-gw.corp.example/prefix")).isTrue();
        assertThat(allowed(list, "https://AIHC-GW.corp.example:443")).isTrue();
        assertThat(allowed(list, "https://a.train.corp.example")).isTrue();
        assertThat(allowed(list, "https://train.corp.example.evil.example")).isFalse();
        assertThat(allowed(list, "https://sim.corp.example:8443")).isTrue();
        assertThat(allowed(list, "https://sim.corp.example:8444")).isFalse();
        assertThat(allowed(list, "https://other.example")).isFalse();
    }

    @Test
    void plainHttpNeedsAnEntryThatSaysHttp() {
        EndpointAllowList list = EndpointAllowList.parse("aihc-gw.corp.example\nhttp://legacy.corp.example:8080");

        assertThat(list.refusal(PlatformKind.AIHC, URI.create("http://aihc-gw.corp.example")))
                .hasValueSatisfying(r -> assertThat(r).contains("plain http", "http://aihc-gw.corp.example"));
        assertThat(allowed(list, "http://legacy.corp.example:8080")).isTrue();
        assertThat(list.allowsPlainHttp(URI.create("http://legacy.corp.example:8080")))
                .isTrue();
        assertThat(list.allowsPlainHttp(URI.create("http://aihc-gw.corp.example")))
                .isFalse();
    }

    @Test
    void loopbackLinkLocalMetadataAndOddNumericHostsNeedAnExactEntry() {
        EndpointAllowList anyHost = EndpointAllowList.parse("*\nhttp://*");
        for (String special : List.of(
                "http://127.0.0.1:8080",
                "http://localhost:8500",
                "http://[::1]:80",
                "http://169.254.169.254/latest",
                "https://metadata.google.internal",
                "http://100.100.100.200",
                "http://[fe80::1]:80",
                "http://0.0.0.0:80",
                "http://2130706433:80",
                "http://127.1:80",
                "http://0x7f.0.0.1",
                "http://0177.0.0.1",
                "http://[fd00:ec2::254]")) {
            assertThat(allowed(anyHost, special)).as(special).isFalse();
        }
        assertThat(allowed(anyHost, "https://10.0.0.5")).isTrue();
        assertThat(allowed(anyHost, "http://1e100.example")).isTrue();

        EndpointAllowList exact = EndpointAllowList.parse("http://127.0.0.1:8080\n169.254.169.254");
        assertThat(allowed(exact, "http://127.0.0.1:8080")).isTrue();
        assertThat(allowed(exact, "http://127.0.0.1:9090")).isFalse();
        assertThat(allowed(exact, "https://169.254.169.254")).isTrue();
    }

    /** Security review 2, N5: what OkHttp connects to is classified, not how the literal was spelt. */
    @Test
    void nonCanonicalAddressLiteralsAreClassifiedByValue() {
        EndpointAllowList anyHost = EndpointAllowList.parse("*\nhttp://*");
        for (String special : List.of(
                "https://[0:0:0:0:0:ffff:a9fe:a9fe]/",
                "https://[0:0:0:0:0:ffff:7f00:1]/",
                "https://[0::1]/",
                "https://[0:0:0:0:0:0:0:0]/",
                "https://[fd00:ec2:0::254]/",
                "http://[::ffff:169.254.169.254]/",
                "https://[::127.0.0.1]/",
                "https://[64:ff9b::a9fe:a9fe]/",
                "https://[2002:a9fe:a9fe::1]/",
                "https://[FE80:0:0:0:0:0:0:1]/")) {
            assertThat(allowed(anyHost, special)).as(special).isFalse();
        }
        assertThat(allowed(anyHost, "https://[2001:db8::1]/"))
                .as("a global IPv6 address")
                .isTrue();
        assertThat(allowed(anyHost, "https://[::ffff:10.0.0.5]/"))
                .as("a mapped private address")
                .isTrue();
    }

    @Test
    void anExactEntryMatchesTheAddressHoweverItIsSpelt() {
        EndpointAllowList exact = EndpointAllowList.parse("[0:0:0:0:0:0:0:1]\nhttp://[FD00:EC2::254]");
        assertThat(allowed(exact, "https://[::1]/")).isTrue();
        assertThat(allowed(exact, "http://[fd00:ec2:0::254]/")).isTrue();
        assertThat(allowed(exact, "https://127.0.0.1/")).as("another address").isFalse();
    }

    /**
     * Security review 2, N5: a name a wildcard allows may resolve to a special address (a name like
     * 169.254.169.254.nip.io, or a rebinding resolver): the clients of such settings resolve through a name
     * service that drops those addresses.
     */
    @Test
    void aNameOnlyAWildcardAllowsNeverResolvesToASpecialAddress() throws Exception {
        EndpointAllowList anyHost = EndpointAllowList.parse("*");
        assertThatThrownBy(() -> anyHost.dns().lookup("localhost"))
                .isInstanceOf(java.net.UnknownHostException.class)
                .hasMessage("localhost resolves only to loopback, link-local, metadata or other addresses no"
                        + " wildcard of allowedEndpoints reaches");
        assertThat(EndpointAllowList.parse("localhost").dns().lookup("localhost"))
                .as("a name listed exactly resolves as the system resolves it")
                .isNotEmpty()
                .allMatch(java.net.InetAddress::isLoopbackAddress);

        ConnectionSettings inline = ConnectionSettings.aihc(
                URI.create("https://aihc-gw.corp.example"), null, Credentials.of("ak", "sk"), "cce-1", null);
        okhttp3.OkHttpClient client = anyHost.guarded(inline)
                .http()
                .clientBuilderHook()
                .apply(new okhttp3.OkHttpClient.Builder())
                .build();
        assertThatThrownBy(() -> client.dns().lookup("localhost")).isInstanceOf(java.net.UnknownHostException.class);
    }

    @Test
    void addressesAreJudgedByValue() throws Exception {
        for (String special : List.of(
                "127.0.0.2",
                "0.0.0.0",
                "169.254.169.254",
                "100.100.100.200",
                "224.0.0.1",
                "::1",
                "::",
                "fe80::1",
                "fd00:ec2::254",
                "::ffff:169.254.169.254",
                "::127.0.0.1",
                "64:ff9b::7f00:1",
                "2002:a9fe:a9fe::")) {
            assertThat(EndpointAllowList.isSpecial(java.net.InetAddress.getByName(special)))
                    .as(special)
                    .isTrue();
        }
        for (String ordinary :
                List.of("10.0.0.5", "192.168.1.1", "8.8.8.8", "2001:db8::1", "fd12::1", "2002:0a00:5::")) {
            assertThat(EndpointAllowList.isSpecial(java.net.InetAddress.getByName(ordinary)))
                    .as(ordinary)
                    .isFalse();
        }
    }

    @Test
    void linesThatAreNotEntriesAreNamedAll() {
        assertThatThrownBy(() -> EndpointAllowList.parse("ok.example\nftp://x\nhttps://h/some/path\nh:99999"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("allowedEndpoints: line 2 'ftp://x', line 3 'https://h/some/path', line 4 "
                        + "'h:99999': not a host entry");
    }
}
