import com.sun.source.util.JavacTask;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The public Java API of a source tree, one JSON object a line, for tools/api_diff/java_spec.py
 * (which turns them into java.spec lines). The sources are parsed and attributed by javac itself
 * (javax.lang.model, nothing is written to disk and no class is loaded or initialized), so what
 * is read is exactly what a caller compiling against the sources sees: public and protected
 * types and members, inherited ones included, modifiers, generic signatures, checked
 * exceptions, constant values, deprecation and Javadoc. Run with the source launcher:
 *
 * <pre>java tools/api_diff/java/JavaApiSpec.java java/src/main/java</pre>
 *
 * Exit 2 (messages on stderr) when the sources do not compile.
 */
public final class JavaApiSpec {
  // The modifiers that are part of an API, in the order they are written.
  private static final Modifier[] API_MODIFIERS = {
    Modifier.PUBLIC, Modifier.PROTECTED, Modifier.ABSTRACT, Modifier.STATIC, Modifier.FINAL,
    Modifier.SEALED, Modifier.NON_SEALED, Modifier.DEFAULT
  };

  private final Elements elements;
  private final Types types;
  private final Set<String> sourceTypes = new TreeSet<>();
  private final PrintStream out;

  private JavaApiSpec(JavacTask task, PrintStream out) {
    this.elements = task.getElements();
    this.types = task.getTypes();
    this.out = out;
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java JavaApiSpec.java SOURCE_ROOT");
      System.exit(2);
    }
    List<Path> files;
    try (Stream<Path> walk = Files.walk(Path.of(args[0]))) {
      files = walk.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      System.err.println("JavaApiSpec: no Java compiler in this runtime: a JDK is needed");
      System.exit(2);
    }
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StandardJavaFileManager fileManager =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8);
    JavacTask task = (JavacTask) javac.getTask(null, fileManager, diagnostics,
        List.of("-proc:none", "--release", "17", "-Xlint:none", "-encoding", "UTF-8"), null,
        fileManager.getJavaFileObjectsFromPaths(files));
    List<TypeElement> tops = new ArrayList<>();
    for (Element e : task.analyze()) {
      tops.add((TypeElement) e);
    }
    boolean failed = false;
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        System.err.println(d.toString());
        failed = true;
      }
    }
    if (failed) {
      System.err.println("JavaApiSpec: the sources under " + args[0] + " do not compile");
      System.exit(2);
    }
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    JavaApiSpec spec = new JavaApiSpec(task, out);
    tops.forEach(spec::collectSourceTypes);
    for (TypeElement t : tops) {
      spec.writeType(t);
    }
    out.flush();
  }

  private void collectSourceTypes(TypeElement t) {
    sourceTypes.add(t.getQualifiedName().toString());
    for (Element e : t.getEnclosedElements()) {
      if (e instanceof TypeElement) {
        collectSourceTypes((TypeElement) e);
      }
    }
  }

  private static boolean isApi(Element e) {
    Set<Modifier> m = e.getModifiers();
    return m.contains(Modifier.PUBLIC) || m.contains(Modifier.PROTECTED);
  }

  private static String typeKind(ElementKind k) {
    switch (k) {
      case INTERFACE: return "interface";
      case ENUM: return "enum";
      case RECORD: return "record";
      case ANNOTATION_TYPE: return "annotation";
      default: return "class";
    }
  }

  private static String modifiers(Element e) {
    List<String> out = new ArrayList<>();
    for (Modifier m : API_MODIFIERS) {
      if (e.getModifiers().contains(m)) {
        out.add(m.toString());
      }
    }
    return out.isEmpty() ? "-" : String.join(",", out);
  }

  private String deprecation(Element e) {
    if (!elements.isDeprecated(e)) {
      return "no";
    }
    Deprecated d = e.getAnnotation(Deprecated.class);
    return d != null && d.forRemoval() ? "for_removal" : "yes";
  }

  private boolean isSourceType(TypeMirror t) {
    return t.getKind() == TypeKind.DECLARED && sourceTypes.contains(
        ((TypeElement) ((DeclaredType) t).asElement()).getQualifiedName().toString());
  }

  private static boolean isPublicType(TypeMirror t) {
    return isApi(((DeclaredType) t).asElement());
  }

  /** The nearest superclass a caller can name: a non-public one of the sources is skipped. */
  private String superclass(TypeElement t) {
    TypeMirror s = t.getSuperclass();
    while (s.getKind() == TypeKind.DECLARED && isSourceType(s) && !isPublicType(s)) {
      s = ((TypeElement) ((DeclaredType) s).asElement()).getSuperclass();
    }
    if (s.getKind() != TypeKind.DECLARED) {
      return "-";
    }
    String name = ((TypeElement) ((DeclaredType) s).asElement()).getQualifiedName().toString();
    boolean implicit = name.equals("java.lang.Object") || name.equals("java.lang.Record")
        || (name.equals("java.lang.Enum") && t.getKind() == ElementKind.ENUM);
    return implicit ? "-" : s.toString();
  }

  /** The interfaces a caller sees: the type's own, and those its non-public sources supply. */
  private void interfaces(TypeElement t, Set<String> out) {
    for (TypeMirror i : t.getInterfaces()) {
      if (isSourceType(i) && !isPublicType(i)) {
        interfaces((TypeElement) ((DeclaredType) i).asElement(), out);
      } else {
        out.add(i.toString());
      }
    }
    TypeMirror s = t.getSuperclass();
    if (s.getKind() == TypeKind.DECLARED && isSourceType(s) && !isPublicType(s)) {
      interfaces((TypeElement) ((DeclaredType) s).asElement(), out);
    }
  }

  private static String typeParameters(List<? extends TypeParameterElement> params) {
    if (params.isEmpty()) {
      return "";
    }
    List<String> out = new ArrayList<>();
    for (TypeParameterElement p : params) {
      List<String> bounds = p.getBounds().stream().map(TypeMirror::toString)
          .filter(b -> !b.equals("java.lang.Object")).collect(Collectors.toList());
      out.add(p.getSimpleName() + (bounds.isEmpty() ? "" : " extends " + String.join(" & ", bounds)));
    }
    return "<" + String.join(", ", out) + ">";
  }

  private void writeType(TypeElement t) {
    if (!isApi(t)) {
      return;
    }
    String name = t.getQualifiedName().toString();
    Set<String> ifaces = new TreeSet<>();
    interfaces(t, ifaces);
    String tparams = typeParameters(t.getTypeParameters());
    emit(name, typeKind(t.getKind()), t, null, "mods", modifiers(t), "extends", superclass(t),
        "implements", ifaces.isEmpty() ? "-" : String.join(",", ifaces),
        "typeparams", tparams.isEmpty() ? "-" : tparams, "deprecated", deprecation(t));
    for (Element m : elements.getAllMembers(t)) {
      Element owner = m.getEnclosingElement();
      if (!isApi(m) || !(owner instanceof TypeElement)
          || !sourceTypes.contains(((TypeElement) owner).getQualifiedName().toString())) {
        continue;  // private, package-private, or inherited from the JDK
      }
      String member = name + "." + m.getSimpleName();
      switch (m.getKind()) {
        case CONSTRUCTOR:
          writeExecutable(name + "." + t.getSimpleName(), "constructor", (ExecutableElement) m,
              t.getSimpleName().toString());
          break;
        case METHOD:
          writeExecutable(member, "method", (ExecutableElement) m, m.getSimpleName().toString());
          break;
        case FIELD:
          writeField(member, (VariableElement) m);
          break;
        case ENUM_CONSTANT:
          int ordinal = 0;
          for (Element c : owner.getEnclosedElements()) {
            if (c.equals(m)) {
              break;
            }
            ordinal += c.getKind() == ElementKind.ENUM_CONSTANT ? 1 : 0;
          }
          emit(member, "enum_constant", m, null, "ordinal", Integer.toString(ordinal),
              "deprecated", deprecation(m));
          break;
        default:
          if (m instanceof TypeElement && owner.equals(t)) {
            writeType((TypeElement) m);  // a member type of this one (inherited ones have theirs)
          }
      }
    }
  }

  private boolean isChecked(TypeMirror thrown) {
    TypeMirror runtime = elements.getTypeElement("java.lang.RuntimeException").asType();
    TypeMirror error = elements.getTypeElement("java.lang.Error").asType();
    return !types.isSubtype(thrown, runtime) && !types.isSubtype(thrown, error);
  }

  private void writeExecutable(String name, String kind, ExecutableElement e, String shortName) {
    List<String> params = new ArrayList<>();
    List<? extends VariableElement> ps = e.getParameters();
    for (int i = 0; i < ps.size(); i++) {
      TypeMirror type = ps.get(i).asType();
      String spelled = e.isVarArgs() && i == ps.size() - 1
          ? ((ArrayType) type).getComponentType() + "..." : type.toString();
      params.add(spelled + " " + ps.get(i).getSimpleName());
    }
    String tparams = typeParameters(e.getTypeParameters());
    String ret = kind.equals("method") ? e.getReturnType() + " " : "";
    String tail = (tparams.isEmpty() ? "" : tparams + " ") + ret + shortName + "("
        + String.join(", ", params) + ")";
    Set<String> checked = new TreeSet<>();
    for (TypeMirror t : e.getThrownTypes()) {
      if (isChecked(t)) {
        checked.add(t.toString());
      }
    }
    emit(name, kind, e, tail, "mods", modifiers(e),
        "throws", checked.isEmpty() ? "-" : String.join(",", checked), "deprecated", deprecation(e));
  }

  private void writeField(String name, VariableElement f) {
    Object value = f.getConstantValue();
    String tail = f.asType() + " " + f.getSimpleName()
        + (value == null ? "" : " = " + elements.getConstantExpression(value));
    emit(name, "field", f, tail, "mods", modifiers(f), "deprecated", deprecation(f));
  }

  /** One entity: {"name", "kind", "fields": [[key, value], ...], "doc", "tail"}. */
  private void emit(String name, String kind, Element e, String tail, String... fields) {
    StringBuilder b = new StringBuilder("{\"name\":").append(json(name))
        .append(",\"kind\":").append(json(kind)).append(",\"fields\":[");
    for (int i = 0; i < fields.length; i += 2) {
      b.append(i == 0 ? "" : ",").append('[').append(json(fields[i])).append(',')
          .append(json(fields[i + 1])).append(']');
    }
    String doc = elements.getDocComment(e);
    b.append("],\"doc\":").append(doc == null ? "null" : json(doc))
        .append(",\"tail\":").append(tail == null ? "null" : json(tail)).append('}');
    out.println(b);
  }

  private static String json(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
