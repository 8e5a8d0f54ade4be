#include <gtest/gtest.h>
#include "acl/acl.h"
TEST(Smoke, Init) { EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS); EXPECT_EQ(aclFinalize(), ACL_SUCCESS); }
