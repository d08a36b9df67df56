// How steps, keys and modules print in a divergence report: as the Swift that performs them.

extension ModelStep {
  /// The step as a line of Swift, such as `try i1.resolve(Tool.self, named: "spare")`.
  var code: String {
    switch self {
    case .map(let key, let recipe, let injector): key.mapCode(recipe, on: "i\(injector)")
    case .unmap(let key, let injector): "i\(injector).unmap(\(key.arguments))"
    case .resolve(let key, let injector): "try i\(injector).resolve(\(key.arguments))"
    case .resolveOptional(let key, let injector):
      "try i\(injector).resolve(\(key.arguments(optional: true)))"
    case .isMapped(let key, let injector): "i\(injector).isMapped(\(key.arguments))"
    case .addModule(let module, let injector): "try i\(injector).addModule(m\(module))"
    case .removeModule(let module, let injector): "i\(injector).removeModule(m\(module))"
    case .removeEveryModule(let injector): "i\(injector).removeModule(SpecModule.self)"
    case .replaceModule(let old, let new, let injector):
      "try i\(injector).replaceModule(m\(old), with: m\(new))"
    case .hasModule(let module, let injector): "i\(injector).hasModule(m\(module))"
    case .makeChild(let child, let parent):
      "let i\(child) = i\(parent).makeChild(label: \"i\(child)\")"
    case .makeCopy(let copy, let original, let changes):
      "let i\(copy) = try i\(original).makeCopy(label: \"i\(copy)\")"
        + (changes.isEmpty ? "" : " { " + changes.map(\.code).joined(separator: "; ") + " }")
    }
  }
}

extension CopyChange {
  /// The change as Swift on the copy, `$0`.
  var code: String {
    switch self {
    case .map(let key, let recipe): key.mapCode(recipe, on: "$0")
    case .unmap(let key): "$0.unmap(\(key.arguments))"
    case .removeModule(let module): "$0.removeModule(m\(module))"
    }
  }
}

extension ModuleSpec {
  /// The module's declaration, such as `let m2 = SpecModule { $0.map(Tool.self) { … } }`.
  var code: String {
    let body = entries.map { $0.key.mapCode($0.recipe, on: "$0") }.joined(separator: "; ")
    return "let m\(id) = SpecModule { \(entries.isEmpty ? "_ in" : body) }"
  }
}

extension ModelKey {
  /// The key as an error message writes it: `Tool`, `Service named "spare"`.
  var code: String {
    let type = ["Service", "Tool", "Widget"][kind.rawValue]
    return name.map { "\(type) named \"\($0)\"" } ?? type
  }

  /// The key as the arguments of `resolve`: `Tool.self, named: "spare"`.
  var arguments: String { arguments(optional: false) }

  func arguments(optional: Bool) -> String {
    let type = ["(any Service)", "Tool", "Widget"][kind.rawValue] + (optional ? "?" : "")
    return type + ".self" + (name.map { ", named: \"\($0)\"" } ?? "")
  }

  /// The `map` call that makes `recipe` on `receiver`.
  func mapCode(_ recipe: Recipe, on receiver: String) -> String {
    let value = ["ServiceValue", "Tool", "Widget"][kind.rawValue]
    guard recipe.scope != .instance else {
      return "\(receiver).map(\(arguments), to: \(value)(#\(recipe.tag)))"
    }
    let scope =
      switch recipe.scope {
      case .transient, .instance: ""
      case .singleton: ", scope: .singleton"
      case .eagerSingleton: ", scope: .eagerSingleton"
      case .graph: ", scope: .graph"
      }
    let body: String
    if recipe.fails {
      body = "_ in throw RecipeFailure(#\(recipe.tag))"
    } else if let dependency = recipe.dependency {
      body = "i in \(value)(#\(recipe.tag), needing: try i.resolve(\(dependency.arguments)))"
    } else {
      body = "_ in \(value)(#\(recipe.tag))"
    }
    return "\(receiver).map(\(arguments)\(scope)) { \(body) }"
  }
}
