00000000000018f0 <(anonymous namespace)::pairs_source(long)>:
    18f0:	test   %rdi,%rdi
    18f3:	jle    19b3 <(anonymous namespace)::pairs_source(long)+0xc3>
    18f9:	push   %r15
    18fb:	push   %r14
    18fd:	push   %rbx
    18fe:	mov    0x36a3(%rip),%rbx        # 4fa8 <sizespec::detail::tls_cache@Base>
    1905:	mov    0x36b4(%rip),%r14        # 4fc0 <sizespec::detail::inline_free_region@Base>
    190c:	nopl   0x0(%rax)
    1910:	mov    %fs:0x38(%rbx),%rax
    1915:	imul   %fs:0x10(%rbx),%rax
    191b:	cmp    %fs:(%rbx),%rax
    191f:	jae    196b <(anonymous namespace)::pairs_source(long)+0x7b>
    1921:	mov    (%rax),%rcx
    1924:	mov    %rcx,%fs:0x38(%rbx)
    1929:	movzbl 0x8(%r14),%ecx
    192e:	mov    %rax,%rdx
    1931:	shr    %cl,%rdx
    1934:	sub    0x20(%r14),%rdx
    1938:	cmp    $0x3,%rdx
    193c:	ja     1982 <(anonymous namespace)::pairs_source(long)+0x92>
    193e:	mov    %fs:0x238(%rbx,%rdx,8),%rcx
    1947:	mov    %rcx,(%rax)
    194a:	imul   %fs:0x8(%rbx),%rax
    1950:	mov    %rax,%fs:0x238(%rbx,%rdx,8)
    1959:	decw   %fs:0x420(%rbx,%rdx,2)
    1962:	js     1994 <(anonymous namespace)::pairs_source(long)+0xa4>
    1964:	dec    %rdi
    1967:	jne    1910 <(anonymous namespace)::pairs_source(long)+0x20>
    1969:	jmp    19ae <(anonymous namespace)::pairs_source(long)+0xbe>
    196b:	mov    $0x18,%esi
    1970:	mov    %rdi,%r15
    1973:	mov    $0x4,%edi
    1978:	call   1060 <sizespec::detail::alloc_refill(unsigned int, unsigned long)@plt>
    197d:	mov    %r15,%rdi
    1980:	jmp    1929 <(anonymous namespace)::pairs_source(long)+0x39>
    1982:	mov    $0x18,%esi
    1987:	mov    %rdi,%r15
    198a:	mov    %rax,%rdi
    198d:	call   1040 <operator delete(void*, unsigned long)@plt>
    1992:	jmp    19a2 <(anonymous namespace)::pairs_source(long)+0xb2>
    1994:	add    $0x4,%rdx
    1998:	mov    %rdi,%r15
    199b:	mov    %edx,%edi
    199d:	call   1050 <sizespec::detail::free_flush(unsigned int)@plt>
