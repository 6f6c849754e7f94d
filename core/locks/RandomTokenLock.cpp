#include "locks/RandomTokenLock.h"

#include "locks/primitives/FencingCounter.h"
#include "locks/primitives/HolderToken.h"

namespace lockscope {

RandomTokenLock::RandomTokenLock(std::string name)
    : m_name(std::move(name))
    , m_fenceKey(FencingCounter::keyFor(m_name))
    , m_token(HolderToken::generate())
{
}

} // namespace lockscope
