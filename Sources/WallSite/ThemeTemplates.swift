import WallRender
import WallSupport

/// The templates of a theme, compiled once, whose every error names the file to fix: a
/// template of a `--theme` folder by its path, a built-in one as `Templates/NAME.html`
/// (`Theme.locating`).
///
/// Every kind of output renders through this (a one-process build, a shard, finalize, an
/// archive), so an error is located once, here, whether the template fails to parse or only
/// when rendered (partials nested too deep).
package struct ThemeTemplates: Sendable {
  /// The compiled templates.
  package let library: TemplateLibrary
  /// The theme they come from (for the files its errors name).
  package let theme: Theme

  /// Compiles the templates of `theme`.
  /// - Parameter theme: The theme.
  /// - Throws: `TemplateError` naming the theme's file, when a template is invalid.
  package init(_ theme: Theme) throws(TemplateError) {
    do {
      library = try TemplateLibrary(templates: theme.templates)
    } catch {
      throw theme.locating(error)
    }
    self.theme = theme
  }

  /// Renders the template `name` with `context` (see `TemplateLibrary.renderUTF8`).
  /// - Parameters:
  ///   - name: The template's name (`wall`, `index`).
  ///   - context: Its data.
  ///   - capacity: The expected size of the page, to allocate once.
  ///   - memo: Where renderings of keyed cards are kept and reused.
  ///   - expand: Makes the card a stand-in stands for, when its rendering is not reused.
  ///   - sink: Takes the page in chunks as it is rendered (`TemplateSink`).
  /// - Returns: The page's UTF-8 bytes; with a sink, those it has not given the sink.
  /// - Throws: `TemplateError` naming the theme's file.
  package func render(
    _ name: String, _ context: TemplateValue, capacity: Int = 0, memo: FragmentMemo? = nil,
    expand: TemplateExpander? = nil, sink: TemplateSink? = nil
  ) throws(TemplateError) -> [UInt8] {
    do {
      return try library.renderUTF8(
        name, context, capacity: capacity, memo: memo, expand: expand, sink: sink)
    } catch {
      throw theme.locating(error)
    }
  }

  /// A memo of rendered cards for these templates (`TemplateLibrary.makeMemo`).
  /// - Parameters:
  ///   - byteBudget: The memory it may use.
  ///   - spill: A scratch file for renderings past the memory budget.
  package func makeMemo(byteBudget: Int, spill: SpillFile? = nil) -> FragmentMemo {
    library.makeMemo(byteBudget: byteBudget, spill: spill)
  }

  /// A memo of rendered cards whose renderings past its memory go to an unlinked scratch file
  /// in `$TMPDIR` of at most `spillLimit` bytes (none when the file cannot be made).
  /// - Parameters:
  ///   - byteBudget: The memory it may use.
  ///   - spillLimit: The most bytes of the scratch file.
  package func makeSpillingMemo(byteBudget: Int, spillLimit: Int) -> FragmentMemo {
    makeMemo(
      byteBudget: byteBudget,
      spill: SpillFile(folder: SpillFile.temporaryFolder, byteLimit: spillLimit))
  }
}
