#pragma once

#include <string>
#include <vector>

namespace lockscope {

// The parts of lockscope-cli's documentation that are not flags: the URL forms, the lock kinds,
// the exit codes, the environment and the files. Written once here, printed by --help
// (HelpText) and the manual page (ManPage).
class Reference
{
public:
    struct Item
    {
        std::string name;
        std::string text;
    };
    static std::string urlForms(); // paragraphs, '\n\n' between them
    static std::vector<Item> lockKinds();
    static std::vector<Item> exitCodes();
    static std::vector<Item> environment();
    static std::vector<Item> files();

    // `text` broken into lines of at most `width` columns (counting code points), each after
    // `indent` spaces; paragraphs ('\n\n') kept apart by an empty line.
    static std::string wrap(const std::string& text, size_t indent, size_t width = 80);
};

} // namespace lockscope
