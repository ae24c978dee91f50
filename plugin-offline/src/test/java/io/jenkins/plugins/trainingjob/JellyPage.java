package io.jenkins.plugins.trainingjob;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * Renders one of the plugin's build-page views offline, so a test can look at the HTML a controller would
 * send and a person can open it. A strict subset of Jelly and its JEXL expressions, the subset those views
 * use: {@code j:jelly}, {@code j:set}, {@code j:if}, {@code j:forEach}, {@code j:choose}/{@code when}/{@code
 * otherwise}, core's {@code t:summary} (as a table row, as core's {@code lib/hudson/summary.jelly} draws it),
 * static elements, {@code ${%Message}} from the view's properties, and expressions of names, properties
 * (getters, public fields, map keys), no-argument calls, literals, {@code !}, {@code &&}, {@code ||},
 * comparisons. Text and attributes are escaped, as {@code escape-by-default} does. Anything else fails the
 * render: a view that needs more is rendered under {@code -Pjenkins} by JenkinsRule.
 */
public final class JellyPage {
    private static final String CORE = "jelly:core";
    private static final String HUDSON = "/lib/hudson";

    private final Class<?> owner;
    private final Properties messages = new Properties();

    private JellyPage(Class<?> owner, String view) throws IOException {
        this.owner = owner;
        String base = view.substring(0, view.length() - ".jelly".length());
        try (InputStream in = owner.getResourceAsStream(owner.getSimpleName() + "/" + base + ".properties")) {
            if (in != null) {
                messages.load(new InputStreamReader(in, StandardCharsets.ISO_8859_1));
            }
        }
    }

    /** The view {@code <owner's folder>/view} rendered with these variables ({@code it}, {@code action}, ...). */
    public static String render(Class<?> owner, String view, Map<String, Object> variables) throws Exception {
        JellyPage page = new JellyPage(owner, view);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        Element root;
        try (InputStream in = owner.getResourceAsStream(owner.getSimpleName() + "/" + view)) {
            Objects.requireNonNull(in, () -> "no view " + view + " of " + owner.getName());
            root = f.newDocumentBuilder().parse(in).getDocumentElement();
        }
        StringBuilder out = new StringBuilder();
        page.children(root, new HashMap<>(variables), out);
        return out.toString();
    }

    private void children(Element e, Map<String, Object> vars, StringBuilder out) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child) {
                element(child, vars, out);
            } else if (n.getNodeType() == Node.TEXT_NODE || n.getNodeType() == Node.CDATA_SECTION_NODE) {
                out.append(escape(interpolate(n.getNodeValue(), vars)));
            }
        }
    }

    private void element(Element e, Map<String, Object> vars, StringBuilder out) {
        String ns = e.getNamespaceURI();
        String name = e.getLocalName();
        if (CORE.equals(ns)) {
            switch (name) {
                case "jelly" -> children(e, vars, out);
                case "set" -> vars.put(e.getAttribute("var"), value(e.getAttribute("value"), vars));
                case "if" -> {
                    if (truth(value(e.getAttribute("test"), vars))) {
                        children(e, vars, out);
                    }
                }
                case "forEach" -> {
                    Object items = value(e.getAttribute("items"), vars);
                    if (items != null) {
                        for (Object item : (Iterable<?>) items) {
                            Map<String, Object> inner = new HashMap<>(vars);
                            inner.put(e.getAttribute("var"), item);
                            children(e, inner, out);
                        }
                    }
                }
                case "choose" -> {
                    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
                        if (n instanceof Element c && "when".equals(c.getLocalName())) {
                            if (truth(value(c.getAttribute("test"), vars))) {
                                children(c, vars, out);
                                return;
                            }
                        } else if (n instanceof Element c && "otherwise".equals(c.getLocalName())) {
                            children(c, vars, out);
                            return;
                        }
                    }
                }
                default -> throw new UnsupportedOperationException("j:" + name + " is not rendered offline");
            }
            return;
        }
        if (HUDSON.equals(ns) && "summary".equals(name)) {
            out.append("<tr class=\"app-summary\"><td><span class=\"summary-icon\">")
                    .append(escape(interpolate(e.getAttribute("icon"), vars)))
                    .append("</span></td><td>");
            children(e, vars, out);
            out.append("</td></tr>");
            return;
        }
        if (ns != null) {
            throw new UnsupportedOperationException(e.getTagName() + " is not rendered offline");
        }
        out.append('<').append(name);
        NamedNodeMap attributes = e.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Attr a = (Attr) attributes.item(i);
            if (a.getName().startsWith("xmlns")) {
                continue;
            }
            out.append(' ')
                    .append(a.getName())
                    .append("=\"")
                    .append(escape(interpolate(a.getValue(), vars)))
                    .append('"');
        }
        out.append('>');
        children(e, vars, out);
        out.append("</").append(name).append('>');
    }

    // --- expressions

    /** An attribute that is one expression gives its value; anything else is text. */
    private Object value(String text, Map<String, Object> vars) {
        String t = text.trim();
        if (t.startsWith("${") && t.endsWith("}") && t.indexOf("${", 2) < 0) {
            return evaluate(t.substring(2, t.length() - 1), vars);
        }
        return interpolate(text, vars);
    }

    private String interpolate(String text, Map<String, Object> vars) {
        StringBuilder b = new StringBuilder();
        int at = 0;
        for (int open = text.indexOf("${"); open >= 0; open = text.indexOf("${", at)) {
            int close = text.indexOf('}', open);
            b.append(text, at, open);
            String expression = text.substring(open + 2, close);
            if (expression.startsWith("%")) {
                String key = expression.substring(1);
                String message = messages.getProperty(key);
                if (message == null) {
                    throw new IllegalStateException("no message '" + key + "' for " + owner.getSimpleName());
                }
                b.append(message);
            } else {
                Object v = evaluate(expression, vars);
                b.append(v == null ? "" : v);
            }
            at = close + 1;
        }
        return b.append(text.substring(at)).toString();
    }

    private static boolean truth(Object o) {
        if (o instanceof Boolean b) {
            return b;
        }
        throw new IllegalStateException("a test that is not true or false: " + o);
    }

    private Object evaluate(String expression, Map<String, Object> vars) {
        Parser p = new Parser(expression, vars);
        Object v = p.or();
        p.skip();
        if (p.at < expression.length()) {
            throw new IllegalStateException("cannot read '" + expression + "' from " + p.at);
        }
        return v;
    }

    /** Recursive descent over the expression text; evaluates as it reads. */
    private static final class Parser {
        private final String s;
        private final Map<String, Object> vars;
        private int at;

        Parser(String s, Map<String, Object> vars) {
            this.s = s;
            this.vars = vars;
        }

        Object or() {
            Object left = and();
            while (word("||") || word("or")) {
                Object right = and();
                left = truth(left) || truth(right);
            }
            return left;
        }

        Object and() {
            Object left = not();
            while (word("&&") || word("and")) {
                Object right = not();
                left = truth(left) && truth(right);
            }
            return left;
        }

        Object not() {
            if (word("!") || word("not ")) {
                return !truth(not());
            }
            return comparison();
        }

        Object comparison() {
            Object left = primary();
            for (String[] op :
                    new String[][] {{"==", "eq"}, {"!=", "ne"}, {">=", "ge"}, {"<=", "le"}, {">", "gt"}, {"<", "lt"}}) {
                if (word(op[0]) || word(" " + op[1] + " ")) {
                    Object right = primary();
                    return switch (op[0]) {
                        case "==" -> equal(left, right);
                        case "!=" -> !equal(left, right);
                        default -> {
                            int c = Double.compare(((Number) left).doubleValue(), ((Number) right).doubleValue());
                            yield switch (op[0]) {
                                case ">=" -> c >= 0;
                                case "<=" -> c <= 0;
                                case ">" -> c > 0;
                                default -> c < 0;
                            };
                        }
                    };
                }
            }
            return left;
        }

        private static boolean equal(Object a, Object b) {
            if (a instanceof Number x && b instanceof Number y) {
                return x.doubleValue() == y.doubleValue();
            }
            return Objects.equals(a == null ? null : a.toString(), b == null ? null : b.toString());
        }

        Object primary() {
            skip();
            if (word("(")) {
                Object v = or();
                expect(")");
                return v;
            }
            char c = s.charAt(at);
            if (c == '\'' || c == '"') {
                int end = s.indexOf(c, at + 1);
                String text = s.substring(at + 1, end);
                at = end + 1;
                return text;
            }
            if (Character.isDigit(c)) {
                int start = at;
                while (at < s.length() && Character.isDigit(s.charAt(at))) {
                    at++;
                }
                return Integer.parseInt(s.substring(start, at));
            }
            String name = identifier();
            Object v =
                    switch (name) {
                        case "null" -> null;
                        case "true" -> true;
                        case "false" -> false;
                        default -> vars.get(name);
                    };
            while (at < s.length() && s.charAt(at) == '.') {
                at++;
                String member = identifier();
                if (word("(")) {
                    expect(")");
                    v = call(v, member);
                } else {
                    v = property(v, member);
                }
            }
            return v;
        }

        private String identifier() {
            skip();
            int start = at;
            while (at < s.length() && (Character.isLetterOrDigit(s.charAt(at)) || s.charAt(at) == '_')) {
                at++;
            }
            if (start == at) {
                throw new IllegalStateException("a name expected in '" + s + "' at " + at);
            }
            return s.substring(start, at);
        }

        private boolean word(String w) {
            skip();
            String t = w.trim();
            if (s.startsWith(t, at)) {
                boolean letters = Character.isLetter(t.charAt(0));
                int end = at + t.length();
                if (letters && end < s.length() && Character.isLetterOrDigit(s.charAt(end))) {
                    return false;
                }
                at = end;
                return true;
            }
            return false;
        }

        private void expect(String w) {
            if (!word(w)) {
                throw new IllegalStateException("'" + w + "' expected in '" + s + "' at " + at);
            }
        }

        void skip() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
                at++;
            }
        }
    }

    /** As JEXL: null stays null; getters, {@code is} getters, public fields, then map keys. */
    private static Object property(Object o, String name) {
        if (o == null) {
            return null;
        }
        String cap = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (String getter : List.of("get" + cap, "is" + cap)) {
            Method m = publicMethod(o.getClass(), getter);
            if (m != null) {
                return invoke(m, o);
            }
        }
        try {
            Field f = o.getClass().getField(name);
            return f.get(o);
        } catch (NoSuchFieldException | IllegalAccessException e) {
            // not a field
        }
        if (o instanceof Map<?, ?> map) {
            return map.get(name);
        }
        throw new IllegalStateException(
                name + " is no property of " + o.getClass().getName());
    }

    private static Object call(Object o, String name) {
        if (o == null) {
            return null;
        }
        Method m = publicMethod(o.getClass(), name);
        if (m == null) {
            throw new IllegalStateException(
                    name + "() is no method of " + o.getClass().getName());
        }
        return invoke(m, o);
    }

    /** A public no-argument method, found through a public type (a JDK collection's own class is not). */
    private static Method publicMethod(Class<?> c, String name) {
        List<Class<?>> types = new ArrayList<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            types.add(k);
            types.addAll(List.of(k.getInterfaces()));
        }
        for (Class<?> k : types) {
            if (!java.lang.reflect.Modifier.isPublic(k.getModifiers())) {
                continue;
            }
            try {
                return k.getMethod(name);
            } catch (NoSuchMethodException e) {
                // next type
            }
        }
        return null;
    }

    private static Object invoke(Method m, Object o) {
        try {
            return m.invoke(o);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("calling " + m, e);
        }
    }

    private static String escape(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
